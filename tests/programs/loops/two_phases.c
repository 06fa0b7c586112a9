// RUN: --loops=auto
// VERDICT: false
// ERROR: assert 19
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.confirmed_by_run >= 1
// The counters drift apart at one iteration only (x == 5000): the error
// needs 5000 iterations of one path, one of the other, then more of the
// first, found by an accelerated query of three phases and a run on its
// inputs.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000)
    return 0;
  int x = 0, y = 0;
  while (x < n) { x++; if (x != 5000) y++; }
  if (x != y)
    reach_error();
  return 0;
}
