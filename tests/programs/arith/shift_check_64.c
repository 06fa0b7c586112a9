// RUN: --check=shift
// VERDICT: false
// ERROR: shift 17
// ERROR: shift 22
// 64-bit shifts: masking the amount is safe, 64 is not. A uint16_t is
// promoted to 32-bit int, so shifting it by 32..39 is already too far.
#include <cosmo.h>
#include <stdint.h>

int main(void) {
  uint64_t x; uint16_t h; unsigned char s;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_symbolic(&h, sizeof h, "h");
  cosmo_symbolic(&s, sizeof s, "s");
  uint64_t lo = x << (s & 63);
  if (s < 40) {
    int t = h >> s;                   // BUG: shift
    return t & 1;
  }
  if (s > 64)
    return 0;
  uint64_t hi = x >> s;               // BUG: shift
  return (int)((lo ^ hi) & 1);
}
