// VERDICT: false
// ERROR: out-of-bounds 10
// Global table indexed with an unsigned value checked with `<=`.
#include <cosmo.h>

static const unsigned char crc_table[8] = {0x00, 0x07, 0x0e, 0x09, 0x1c, 0x1b, 0x12, 0x15};

static unsigned char lookup(unsigned i) {
  if (i <= 8)
    return crc_table[i];              // BUG: out-of-bounds
  return 0;
}

int main(void) {
  unsigned i;
  cosmo_symbolic(&i, sizeof i, "i");
  unsigned char c = lookup(i);
  cosmo_assert(c < 0x20);
  return 0;
}
