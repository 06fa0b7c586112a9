// RUN: --loops=auto
// VERDICT: true
// STATS: loop_summaries.recursive_functions >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// Addition by recursion on two arguments (SV-COMP's recursive category):
// Spacer's integer summary \result == m + n holds modulo 2^32 too, which
// is the reading the bit-vector check keeps.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int addition(int m, int n) {
  if (n == 0)
    return m;
  if (n > 0)
    return addition(m + 1, n - 1);
  return addition(m - 1, n + 1);
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  if (m < 0 || m > 1073741823)
    return 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1073741823)
    return 0;
  if (addition(m, n) != m + n)
    reach_error();
  return 0;
}
