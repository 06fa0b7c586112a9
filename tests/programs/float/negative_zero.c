// VERDICT: false
// ERROR: assert 18
// `d < 0 ? -d : d` is not fabs: for -0.0 it keeps the sign bit, which the
// bits of the double (through a union) show.
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);

int main(void) {
  double d = __VERIFIER_nondet_double();
  if (d != d)
    return 0;
  double a = d < 0 ? -d : d;
  if (a < 0.0)
    reach_error();
  if (a * 0.5 > a)
    reach_error();
  union { double d; unsigned long long u; } v = {a};
  if (v.u >> 63) reach_error(); // BUG: assert
  return 0;
}
