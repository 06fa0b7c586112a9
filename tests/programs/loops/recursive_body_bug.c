// RUN: --loops=auto --timeout=30
// VERDICT: false
// ERROR: assert 13
// STATS: loop_summaries.recursive_functions >= 1
// STATS: loop_summaries.confirmed_by_run >= 1
// An error inside a recursive function, 778 calls deep for the largest
// input: the summarised call's context does not refute it, and the run on
// the largest argument the path allows reaches it.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int down(int n) {
  if (n == 777)
    reach_error();
  return n <= 0 ? 0 : down(n - 1) + 1;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000)
    return 0;
  return down(n) > 5;
}
