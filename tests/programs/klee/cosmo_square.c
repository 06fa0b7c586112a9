// VERDICT: true
// cosmo's own annotations: cosmo_symbolic, cosmo_assume, cosmo_assert.
#include <cosmo.h>

int main(void) {
  int x;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_assume(x > 0 && x < 1000);
  int y = x * x;
  cosmo_assert(y > 0 && y < 1000000);
  cosmo_assert(y >= x);
  return 0;
}
