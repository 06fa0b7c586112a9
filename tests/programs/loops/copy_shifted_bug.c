// RUN: --loops=auto --horn-timeout=10
// VERDICT: false
// ERROR: assert 21
// STATS: loop_summaries.summarized >= 2
// The copy stops one cell short: b[n - 1] keeps its 0 where a[n] is an
// input (found with one that fails natively).
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
  for (int i = 0; i < n - 1; i++)
    b[i] = a[i + 1];
  for (int j = 0; j < n; j++)
    if (b[j] != a[j + 1])
      reach_error();
  return 0;
}
