// RUN: --loops=auto --horn-timeout=10
// VERDICT: false
// ERROR: assert 21
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.at_reported_places >= 1
// The fill writes another value into cell 60: found with inputs that
// fail natively (n above 60).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 100
int main(void) {
  int a[N];
  int n = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  if (n < 0 || n > N)
    return 0;
  for (int i = 0; i < n; i++)
    a[i] = i == 60 ? v + 1 : v;
  for (int j = 0; j < n; j++)
    if (a[j] != v)
      reach_error();
  return 0;
}
