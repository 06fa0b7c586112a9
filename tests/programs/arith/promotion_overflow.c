// RUN: --check=overflow
// VERDICT: false
// ERROR: overflow 13
// unsigned short operands are promoted to (signed) int, so their product
// can overflow: 65535 * 65535 > INT_MAX. The unsigned product is fine.
#include <cosmo.h>

int main(void) {
  unsigned short a, b;
  cosmo_symbolic(&a, sizeof a, "a");
  cosmo_symbolic(&b, sizeof b, "b");
  unsigned q = (unsigned)a * b;
  int p = a * b;                      // BUG: overflow
  return p == (int)q;
}
