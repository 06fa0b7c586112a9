// RUN: --check=overflow
// VERDICT: true
// Addition and subtraction at 8/16/32/64 bits, signed and unsigned.
// Narrow signed operands are promoted to int, so nothing here overflows.
#include <cosmo.h>
#include <stdint.h>

#define SYM(v) cosmo_symbolic(&(v), sizeof(v), #v)

int main(void) {
  uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64;
  int8_t s8; int16_t s16; int32_t s32;
  SYM(u8); SYM(u16); SYM(u32); SYM(u64); SYM(s8); SYM(s16); SYM(s32);

  uint8_t a8 = u8 + 1;
  if (u8 == 255) cosmo_assert(a8 == 0); else cosmo_assert(a8 == u8 + 1);
  uint16_t a16 = u16 - 1;
  if (u16 == 0) cosmo_assert(a16 == 65535); else cosmo_assert(a16 < u16);
  uint32_t a32 = u32 + 0x80000000u;
  cosmo_assert((uint32_t)(a32 - 0x80000000u) == u32);
  uint64_t a64 = u64 + u64;
  cosmo_assert((a64 & 1) == 0);
  cosmo_assert(a64 - u64 == u64);

  int sum8 = s8 + s8;
  cosmo_assert(sum8 >= -256 && sum8 <= 254);
  int8_t t8 = (int8_t)(s8 - 1);
  if (s8 == -128) cosmo_assert(t8 == 127); else cosmo_assert(t8 == s8 - 1);
  int diff16 = s16 - (-32768);
  cosmo_assert(diff16 >= 0 && diff16 <= 65535);
  int64_t d = (int64_t)s32 - (int64_t)s16;
  cosmo_assert(d >= -2147483648LL - 32767 && d <= 2147483647LL + 32768);
  return 0;
}
