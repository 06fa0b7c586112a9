// RUN: --check=overflow
// VERDICT: false
// ERROR: overflow 17
// A byte promoted to int and shifted into the top byte: for values above
// 127 the result does not fit in int (undefined in C; SV-COMP's
// no-overflow). The same shift of an unsigned value wraps as defined, and
// a shift that fits is no error.
#include <cosmo.h>

int main(void) {
  unsigned char bytes[2];
  cosmo_symbolic(bytes, sizeof bytes, "bytes");
  unsigned packed = (unsigned)bytes[0] << 24;
  int low = bytes[1] & 0x7f;
  int fits = low << 24;
  int r3 = bytes[1];
  int word = r3 << 24;
  return (int)(packed >> 24) + (fits >> 24) + (word != 0);
}
