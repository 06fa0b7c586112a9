// RUN: --check=overflow
// VERDICT: true
// Division and remainder identities that the solver settles quickly:
// 8-bit operands (promoted to int), and 32/64-bit division by constants.
#include <cosmo.h>
#include <stdint.h>

#define SYM(v) cosmo_symbolic(&(v), sizeof(v), #v)

int main(void) {
  uint8_t a8, b8; int8_t c8, d8; uint32_t u; int32_t x; uint64_t v; int64_t y;
  SYM(a8); SYM(b8); SYM(c8); SYM(d8); SYM(u); SYM(x); SYM(v); SYM(y);
  if (b8 != 0) {
    unsigned q = a8 / b8, r = a8 % b8;
    cosmo_assert(q * b8 + r == a8);
    cosmo_assert(r < b8);
  }
  if (d8 != 0) {
    int q = c8 / d8, r = c8 % d8;
    cosmo_assert(q * d8 + r == c8);
    if (c8 >= 0) cosmo_assert(r >= 0); else cosmo_assert(r <= 0);
  }
  cosmo_assert(u / 16u == (u >> 4));
  cosmo_assert(u % 16u == (u & 15u));
  if (x == -7) {
    cosmo_assert(x / 2 == -3);
    cosmo_assert(x % 2 == -1);
  }
  cosmo_assert(v / 10 <= v);
  if (y < 0) cosmo_assert(y % 10 <= 0);
  return 0;
}
