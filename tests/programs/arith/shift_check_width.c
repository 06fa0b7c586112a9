// RUN: --check=shift
// VERDICT: false
// ERROR: shift 16
// Shift amount equal to the width of the (32-bit) type. Shifting an
// unsigned char by 9 is fine: it is promoted to int first.
#include <cosmo.h>
#include <stdint.h>

int main(void) {
  uint32_t x; unsigned s; unsigned char c;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_symbolic(&s, sizeof s, "s");
  cosmo_symbolic(&c, sizeof c, "c");
  cosmo_assume(s <= 32);
  int wide = c << 9;
  uint32_t r = x >> s;                // BUG: shift
  return (int)(r & 1) + (wide & 1);
}
