// RUN: --timeout=60
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// s sums the even numbers 2..2n; the loop leaves with i == n + 1, which
// the sampled bound i <= n + 1 and the exit !(i <= n) pin, so that
// s == i*i - i becomes s == n*n + n (the sampled equality of degree 2).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 20000)
    return 0;
  int s = 0;
  for (int i = 1; i <= n; i++)
    s += 2 * i;
  if (s != n * n + n)
    reach_error();
  return 0;
}
