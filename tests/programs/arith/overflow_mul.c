// RUN: --check=overflow
// VERDICT: false
// ERROR: overflow 14
// 32-bit signed multiplication overflow; a short squared fits in int.
#include <cosmo.h>

int main(void) {
  int x;
  short s;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_symbolic(&s, sizeof s, "s");
  int sq = s * s;
  cosmo_assert(sq >= 0);
  int y = x * 1000;                   // BUG: overflow
  return y & 1;
}
