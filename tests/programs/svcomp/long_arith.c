// RUN: --solver-timeout=1000
// VERDICT: unknown
// The program is safe, but proving it needs bit-vector division or
// multiplication identities that Z3 4.8 does not settle in seconds
// (the raw query takes over a minute): with a 1 s solver limit cosmo
// must answer unknown, never a wrong verdict.
// 64-bit nondet values: a bounded square, halves of an unsigned long,
// signed/unsigned views of a long long.
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern long long __VERIFIER_nondet_longlong(void);
extern void __VERIFIER_assume(int cond);
void reach_error() { }

int main(void) {
  long l = __VERIFIER_nondet_long();
  unsigned long ul = __VERIFIER_nondet_ulong();
  long long ll = __VERIFIER_nondet_longlong();
  __VERIFIER_assume(l > -1000000 && l < 1000000);
  long sq = l * l;
  if (sq < 0 || sq >= 1000000000000L)
    reach_error();
  unsigned long hi = ul >> 32, lo = ul & 0xffffffffUL;
  if (((hi << 32) | lo) != ul)
    reach_error();
  unsigned long long u = (unsigned long long)ll;
  if ((ll < 0) != (u > 0x7fffffffffffffffULL))
    reach_error();
  return 0;
}
