// RUN: --loops=auto --horn-timeout=60
// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.refuted_by_horn >= 1
// A copy shifted by one, then checked: every cell of b below the counter
// holds the element of a one further (the copy loop's own template).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 1000
int a[N + 1], b[N];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > N)
    return 0;
  for (int i = 0; i <= n; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++)
    b[i] = a[i + 1];
  for (int j = 0; j < n; j++)
    if (b[j] != a[j + 1])
      reach_error();
  return 0;
}
