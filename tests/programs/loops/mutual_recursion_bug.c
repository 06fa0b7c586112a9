// RUN: --loops=auto --timeout=30
// VERDICT: false
// ERROR: assert 16
// STATS: loop_summaries.recursive_functions >= 1
// STATS: loop_summaries.confirmed_by_run >= 1
// An error in one of two mutually recursive functions, reached only when
// it is called with 777 (hundreds of calls deep for large inputs): the
// context of the summarised call does not refute it, and a run on the
// largest argument the path allows reaches it.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int odd(int n);
int even(int n) { return n == 0 ? 1 : odd(n - 1); }
int odd(int n) {
  if (n == 777)
    reach_error(); // BUG: assert
  return n == 0 ? 0 : even(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10000)
    return 0;
  return even(n);
}
