// RUN: --loops=auto
// VERDICT: true
// STATS: loop_summaries.recursive_functions >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// A check inside a recursive function, through an SV-COMP-style
// __VERIFIER_assert: refuted at the summarised call in its context
// (Call(down) holds only of 0 <= n <= 100000 there), and count(n) == n past
// it.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int cond) {
  if (!cond)
    reach_error();
}
int down(int n) {
  __VERIFIER_assert(n >= 0);
  return n == 0 ? 0 : down(n - 1) + 1;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000)
    return 0;
  if (down(n) != n)
    reach_error();
  return 0;
}
