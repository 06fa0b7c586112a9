// RUN: --timeout=60
// VERDICT: false
// ERROR: assert 20
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.at_reported_places >= 1
// As lockstep_difference_proved.c, but y starts one lower: when i == j,
// y ends at -1.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
  if (i < 0 || j < 1)
    return 0;
  int x = i, y = j - 1;
  while (x != 0) {
    x--;
    y--;
  }
  if (i == j && y != 0)
    reach_error();
  return 0;
}
