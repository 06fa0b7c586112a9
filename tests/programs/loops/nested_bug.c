// RUN: --loops=auto
// VERDICT: false
// ERROR: assert 16
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.confirmed_by_run >= 1
// Nested loops, the inner one summarised inside the outer one's body: the
// error needs the outer counter at 300.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, c = 0;
  while (i < n) {
    int j = 0;
    while (j < i) { j++; c++; }
    if (i == 300) reach_error(); // BUG: assert
    i++;
  }
  return 0;
}
