// RUN: --loops=auto
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// A loop whose trip count is an input: unrolling never ends; the loop is
// summarised and the Horn solver proves s == 2*n past it.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0)
    return 0;
  int i = 0, s = 0;
  while (i < n) {
    i++;
    s += 2;
  }
  if (s != 2 * n)
    reach_error();
  return 0;
}
