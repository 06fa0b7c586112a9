// RUN: --loops=auto --horn-timeout=60
// VERDICT: true
// STATS: loop_summaries.recursive_functions >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// Mutual recursion as recursive states: up and down call each other, so
// neither calls itself; their call-graph cycle is summarised as one
// (Sum(up) and Sum(down), each body's calls of the other its atoms) and
// the Horn solver proves up(n) == n for every n main can pass.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int down(int n);
int up(int n) { return n <= 0 ? 0 : down(n - 1) + 1; }
int down(int n) { return n <= 0 ? 0 : up(n - 1) + 1; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000)
    return 0;
  if (up(n) != n)
    reach_error();
  return 0;
}
