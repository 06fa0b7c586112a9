// RUN: --loops=auto
// VERDICT: false
// ERROR: assert 14
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.confirmed_by_run >= 1
// The error needs 123,456 iterations: found past the summary by a run on
// the inputs of its model, with a test that reaches it natively.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n) {
    if (i == 123456) reach_error(); // BUG: assert
    i++;
  }
  return 0;
}
