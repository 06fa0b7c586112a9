// RUN: --loops=summarize
// VERDICT: false
// ERROR: assert 26
// STATS: loop_summaries.confirmed_by_run >= 1
// An array of 100,000 filled by a loop that branches on an input in every
// iteration, then one element set and checked wrongly: every path past
// the loops reaches the error. The Horn question does not refute it, and
// the run on its model's inputs goes through 200,000 iterations (on a
// slow machine longer than the first run's second: then a longer run).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 100000
static int flags[N], marks[N];
int main(void) {
  for (int i = 0; i < N; i++) {
    int q = __VERIFIER_nondet_int();
    flags[i] = 0;
    if (q > 7) {
      flags[i] = 1;
      marks[i] = i & 3;
    }
  }
  flags[N - 1] = 5;
  for (int i = 0; i < N; i++)
    if (flags[i] == 5)
      reach_error(); // BUG: assert
  return 0;
}
