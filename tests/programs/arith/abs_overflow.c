// RUN: --check=overflow
// VERDICT: false
// ERROR: overflow 8
// Hand-written abs(): negating INT_MIN overflows.
#include <cosmo.h>

static int my_abs(int v) {
  return v < 0 ? -v : v;              // BUG: overflow
}

int main(void) {
  int x;
  cosmo_symbolic(&x, sizeof x, "x");
  int a = my_abs(x);
  cosmo_assert(a != -5);
  return 0;
}
