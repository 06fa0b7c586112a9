// RUN: --loops=auto
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// The loop-carried values are a global and a local whose address is taken
// (memory, not registers).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int steps;
static void bump(int *p) { *p += 1; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0)
    return 0;
  int k = 0;
  while (steps < n) {
    bump(&k);
    steps++;
  }
  if (k != steps)
    reach_error();
  return 0;
}
