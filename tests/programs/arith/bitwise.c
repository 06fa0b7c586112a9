// VERDICT: true
// Bitwise and/or/xor/not identities at several widths.
#include <cosmo.h>
#include <stdint.h>

#define SYM(v) cosmo_symbolic(&(v), sizeof(v), #v)

int main(void) {
  uint8_t a8; uint32_t a, b; uint64_t w; int32_t s;
  SYM(a8); SYM(a); SYM(b); SYM(w); SYM(s);

  cosmo_assert(((a ^ b) ^ b) == a);
  cosmo_assert(~(a & b) == (~a | ~b));
  cosmo_assert((a | b) >= a);
  cosmo_assert((a & b) <= b);
  cosmo_assert((uint8_t)~a8 == 255 - a8);
  cosmo_assert((s ^ -1) == ~s);
  cosmo_assert((w & (0 - w)) == (w & (~w + 1)));
  cosmo_assert((((uint64_t)a << 32) | b) >> 32 == a);

  int pc = 0;
  for (int i = 0; i < 8; i++)
    pc += (a8 >> i) & 1;
  cosmo_assert(pc <= 8);
  if (a8 != 0 && (a8 & (a8 - 1)) == 0)
    cosmo_assert(pc == 1);
  if (a8 == 0xff)
    cosmo_assert(pc == 8);
  return 0;
}
