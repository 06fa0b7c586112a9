// RUN: --check=overflow
// VERDICT: true
// Multiplication at 8/16/32/64 bits. 8- and 16-bit operands are promoted
// to int and their products fit; unsigned products wrap silently.
#include <cosmo.h>
#include <stdint.h>

#define SYM(v) cosmo_symbolic(&(v), sizeof(v), #v)

int main(void) {
  uint8_t a, b; uint16_t h; uint32_t w; uint64_t q; int16_t s;
  SYM(a); SYM(b); SYM(h); SYM(w); SYM(q); SYM(s);

  int p8 = a * b;
  cosmo_assert(p8 <= 65025);
  cosmo_assert((uint8_t)(a * b) == (uint8_t)(p8 & 0xff));

  uint16_t hh = (uint16_t)(h * 2u);
  cosmo_assert(hh == (uint16_t)(h << 1));

  uint32_t m = w * 3u;
  if (w <= 0x55555555u)
    cosmo_assert(m / 3u == w);

  uint64_t q2 = q * 2;
  cosmo_assert(q2 == q + q);

  int sq = s * s;
  cosmo_assert(sq >= 0);
  int64_t big = (int64_t)s * 100000;
  cosmo_assert((big >= 0) == (s >= 0));
  return 0;
}
