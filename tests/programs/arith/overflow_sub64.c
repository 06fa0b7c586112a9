// RUN: --check=overflow
// VERDICT: false
// ERROR: overflow 15
// 64-bit signed subtraction overflow. Subtracting from a promoted
// signed char cannot overflow.
#include <cosmo.h>

int main(void) {
  long long x;
  signed char c;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_symbolic(&c, sizeof c, "c");
  int e = c - 200;
  cosmo_assert(e < 0);
  long long d = x - 1;                // BUG: overflow
  return d > x;
}
