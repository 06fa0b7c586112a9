// RUN: --check=shift
// VERDICT: false
// ERROR: shift 8
// A negative shift amount.
#include <cosmo.h>

static int scale(int v, int amt) {
  return v << amt;                    // BUG: shift
}

int main(void) {
  int amt, v;
  cosmo_symbolic(&amt, sizeof amt, "amt");
  cosmo_symbolic(&v, sizeof v, "v");
  cosmo_assume(amt > -3 && amt < 8);
  cosmo_assume(v >= 0 && v < 1000);
  int r = scale(v, amt);
  cosmo_assert(r >= v);
  return 0;
}
