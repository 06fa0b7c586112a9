// RUN: --loops=auto
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// An inner loop that runs to the outer counter, the error in the outer
// body: an accelerated path of the inner loop alone is not a path of the
// program (the outer counter is free there), so it must not report one.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 60)
    return 0;
  int i = 0;
  while (i < n) {
    int j = 0;
    while (j < i) j++;
    if (j != i) reach_error();
    i++;
  }
  return 0;
}
