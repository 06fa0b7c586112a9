// RUN: --solver-timeout=1000
// VERDICT: unknown
// The program is safe, but proving it needs bit-vector division or
// multiplication identities that Z3 4.8 does not settle in seconds
// (the raw query takes over a minute): with a 1 s solver limit cosmo
// must answer unknown, never a wrong verdict.
// klee_assume excludes both faulting divisions (by 0, INT_MIN / -1);
// conditions combined with `&` as in KLEE's examples.
#include <klee/klee.h>
#include <limits.h>

int main(void) {
  int x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  klee_assume((y != 0) & (x != INT_MIN));
  int q = x / y;
  int r = x % y;
  klee_assert(r < 0 ? x < 0 : 1);
  klee_assert(q * y + r == x);
  return 0;
}
