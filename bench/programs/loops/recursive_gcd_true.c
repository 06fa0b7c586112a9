// Euclid's subtraction gcd (recursive category): positive for any two
// positive ints; its unrolling is slow for the bit-vector solver.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int gcd(int a, int b) {
  if (a <= 0 || b <= 0) return 0;
  if (a == b) return a;
  return a > b ? gcd(a - b, b) : gcd(a, b - a);
}
int main(void) {
  int m = __VERIFIER_nondet_int(), n = __VERIFIER_nondet_int();
  if (m <= 0 || n <= 0) return 0;
  if (gcd(m, n) < 1) reach_error();
  return 0;
}
