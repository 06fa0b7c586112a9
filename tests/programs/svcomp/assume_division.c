// RUN: --solver-timeout=1000
// VERDICT: unknown
// The program is safe, but proving it needs bit-vector division or
// multiplication identities that Z3 4.8 does not settle in seconds
// (the raw query takes over a minute): with a 1 s solver limit cosmo
// must answer unknown, never a wrong verdict.
// assume_abort_if_not makes the divisor positive; quotient and remainder
// are then consistent.
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error() { }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  assume_abort_if_not(y > 0 && y < 100);
  assume_abort_if_not(x >= 0 && x < 10000);
  int q = x / y, r = x % y;
  if (q * y + r != x)
    reach_error();
  if (r >= y || r < 0)
    reach_error();
  return 0;
}
