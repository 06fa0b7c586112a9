// RUN: --timeout=60
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// x and y count down together from i and j; when i == j they reach 0
// together. Proved through x - y == i - j.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
  if (i < 0 || j < 0)
    return 0;
  int x = i, y = j;
  while (x != 0) {
    x--;
    y--;
  }
  if (i == j && y != 0)
    reach_error();
  return 0;
}
