// RUN: --loops=auto --timeout=120
// VERDICT: true
// STATS: loop_summaries.recursive_functions >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// Euclid's subtraction gcd on any two positive ints (SV-COMP's recursive
// category). Unrolling its calls builds path conditions the bit-vector
// solver takes seconds on; once that unrolling is no longer cheap the run
// goes on from the outermost call with gcd summarised at once, and the
// summary proves the result positive.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int gcd(int y1, int y2) {
  if (y1 <= 0 || y2 <= 0)
    return 0;
  if (y1 == y2)
    return y1;
  if (y1 > y2)
    return gcd(y1 - y2, y2);
  return gcd(y1, y2 - y1);
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  if (m <= 0)
    return 0;
  int n = __VERIFIER_nondet_int();
  if (n <= 0)
    return 0;
  if (gcd(m, n) < 1)
    reach_error();
  return 0;
}
