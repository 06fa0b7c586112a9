// RUN: --check=overflow
// VERDICT: false
// ERROR: overflow 14
// Signed addition overflow; the unsigned addition of the same values wraps
// silently and is not an error.
#include <cosmo.h>

int main(void) {
  int a, b;
  cosmo_symbolic(&a, sizeof a, "a");
  cosmo_symbolic(&b, sizeof b, "b");
  cosmo_assume(a > 0);
  unsigned u = (unsigned)a + (unsigned)b;
  int s = a + b;                      // BUG: overflow
  return s == (int)u;
}
