// RUN: --loops=auto
// VERDICT: true
// STATS: loop_summaries.refuted_by_horn >= 1
// A loop that counts every other iteration: its invariant is
// i <= 2*n <= i + 1 and it leaves with i <= 2*k, orderings of one
// argument and twice another; no linear equality holds.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 1000000)
    return 0;
  int n = 0;
  for (int i = 0; i < 2 * k; i++)
    if (i % 2 == 0)
      n++;
  if (n != k)
    reach_error();
  return 0;
}
