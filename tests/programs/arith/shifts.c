// RUN: --check=shift
// VERDICT: true
// Shifts with in-range amounts: logical and arithmetic right shifts,
// 64-bit shifts, and 8-bit operands promoted to int before shifting.
#include <cosmo.h>
#include <stdint.h>

#define SYM(v) cosmo_symbolic(&(v), sizeof(v), #v)

int main(void) {
  uint32_t x; unsigned s; uint64_t w; int neg; uint8_t b;
  SYM(x); SYM(s); SYM(w); SYM(neg); SYM(b);
  cosmo_assume(s < 32);
  cosmo_assume(neg < 0);

  uint32_t l = x << s;
  cosmo_assert((l >> s) == (x & (0xFFFFFFFFu >> s)));
  uint64_t one = 1ULL << (s * 2);
  cosmo_assert((one >> (s * 2)) == 1);
  cosmo_assert((w >> 63) <= 1);

  cosmo_assert((neg >> 31) == -1);
  cosmo_assert(((unsigned)neg >> 31) == 1u);
  cosmo_assert((neg >> s) < 0);

  int bl = b << 20;
  cosmo_assert((bl >> 20) == b);
  uint8_t nib = (uint8_t)(b << 4);
  cosmo_assert(nib == (uint8_t)((b & 15) << 4));
  cosmo_assert((b >> 7) <= 1);
  return 0;
}
