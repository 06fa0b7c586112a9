// VERDICT: true
// Truncation, sign extension and zero extension between widths.
#include <cosmo.h>
#include <stdint.h>

#define SYM(v) cosmo_symbolic(&(v), sizeof(v), #v)

int main(void) {
  int32_t x; uint8_t b; int8_t sb; int16_t sh; int64_t w;
  SYM(x); SYM(b); SYM(sb); SYM(sh); SYM(w);

  int8_t t8 = (int8_t)x;
  cosmo_assert((uint8_t)t8 == (uint8_t)(x & 0xff));
  int16_t t16 = (int16_t)x;
  cosmo_assert((t16 & 0xffff) == (x & 0xffff));

  int se = sb;
  if (sb < 0) cosmo_assert(se < 0 && (se | 0xff) == -1);
  cosmo_assert((int)(uint8_t)sb >= 0 && (int)(uint8_t)sb <= 255);
  unsigned ze = b;
  cosmo_assert(ze <= 255);
  uint32_t zx = (uint16_t)sh;
  cosmo_assert(zx <= 65535);
  if (sh < 0) cosmo_assert(zx >= 32768);

  int64_t wide = x;
  cosmo_assert((int32_t)wide == x);
  cosmo_assert((wide >> 32) == 0 || (wide >> 32) == -1);
  uint64_t zext = (uint32_t)x;
  cosmo_assert((zext >> 32) == 0);
  int32_t nar = (int32_t)w;
  cosmo_assert(((uint64_t)w & 0xffffffffu) == (uint32_t)nar);
  unsigned char back = (unsigned char)(signed char)b;
  cosmo_assert(back == b);
  return 0;
}
