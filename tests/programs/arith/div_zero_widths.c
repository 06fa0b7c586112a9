// VERDICT: false
// ERROR: div-by-zero 14
// ERROR: div-by-zero 15
// ERROR: div-by-zero 16
// Division by zero at three widths, each on its own path.
#include <cosmo.h>
#include <stdint.h>

#define SYM(v) cosmo_symbolic(&(v), sizeof(v), #v)

int main(void) {
  uint8_t d8; uint64_t n, d64; int16_t d16;
  SYM(d8); SYM(n); SYM(d64); SYM(d16);
  unsigned r1 = 200 / d8;             // BUG: div-by-zero
  uint64_t r2 = n % d64;              // BUG: div-by-zero
  int r3 = 1000 / (d16 + 1);          // BUG: div-by-zero
  return (int)((r1 + r2 + (uint64_t)r3) & 1);
}
