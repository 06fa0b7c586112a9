// RUN: --loops=auto --timeout=30
// VERDICT: false
// ERROR: assert 18
// STATS: loop_summaries.recursive_functions >= 1
// STATS: loop_summaries.confirmed_by_run >= 1
// sum(n) >= n holds over the integers, but n * (n + 1) / 2 lies between
// 2^31 and 2^32 for these n and the sum wraps to a negative int: never
// `true`. (The run on a model's n confirms it: every n here wraps.)
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int sum(int n) { return n <= 0 ? 0 : n + sum(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 65536 || n > 92000)
    return 0;
  int s = sum(n);
  if (s < n)
    reach_error();
  return 0;
}
