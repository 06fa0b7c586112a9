// RUN: --check=overflow --solver-timeout=200
// VERDICT: unknown
// The program is safe, but proving it needs bit-vector division or
// multiplication identities that Z3 4.8 does not settle quickly (the raw
// query takes over a minute; with every layer off, the query at line 30
// takes about a second on a fast machine): with a 0.2 s solver limit
// cosmo must answer unknown, never a wrong verdict.
// Division and remainder at 8/32/64 bits with guarded divisors.
// int8_t operands are promoted: -128 / -1 is 128 in int, not an error.
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
  cosmo_assert((x / 7) * 7 + x % 7 == x);
  if (x == -7) {
    cosmo_assert(x / 2 == -3);
    cosmo_assert(x % 2 == -1);
  }
  cosmo_assert(v / 10 <= v);
  if (y < 0) cosmo_assert(y % 10 <= 0);
  return 0;
}
