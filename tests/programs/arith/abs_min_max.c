// RUN: --check=overflow
// VERDICT: true
// abs/labs, min/max/clamp written with ?:; INT_MIN is excluded so the
// negation cannot overflow.
#include <cosmo.h>
#include <limits.h>
#include <stdlib.h>

static int my_abs(int v) { return v < 0 ? -v : v; }
static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }
static int clamp(int v, int lo, int hi) { return imin(imax(v, lo), hi); }

int main(void) {
  int x, y;
  long l;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_symbolic(&y, sizeof y, "y");
  cosmo_symbolic(&l, sizeof l, "l");
  cosmo_assume(x != INT_MIN);
  cosmo_assume(l > -1000000 && l < 1000000);
  cosmo_assert(my_abs(x) >= 0);
  cosmo_assert(abs(x) == my_abs(x));
  cosmo_assert(labs(l) >= 0 && labs(l) < 1000000);
  int c = clamp(y, -10, 10);
  cosmo_assert(c >= -10 && c <= 10);
  if (y >= -10 && y <= 10)
    cosmo_assert(c == y);
  cosmo_assert(imin(x, y) <= imax(x, y));
  return 0;
}
