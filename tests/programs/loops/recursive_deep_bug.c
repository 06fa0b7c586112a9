// RUN: --loops=auto --timeout=30
// VERDICT: false
// ERROR: assert 19
// STATS: loop_summaries.recursive_functions >= 1
// STATS: loop_summaries.confirmed_by_run >= 1
// The count is off by one at depth 1000: unrolling would need 1000 nested
// calls on one path among thousands; the summary's over-approximation
// gives inputs (the largest n the path allows goes deepest), and the
// program's run on them reaches the error.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int count(int n) { return n <= 0 ? 0 : (n == 1000 ? 2 : 1) + count(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000)
    return 0;
  int c = count(n);
  if (c != n)
    reach_error();
  return 0;
}
