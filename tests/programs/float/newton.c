// VERDICT: true
// Newton iteration for a square root in double precision.
#include <cosmo.h>

int main(void) {
  int x;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_assume(x >= 1 && x <= 100);
  double g = x;
  for (int i = 0; i < 6; i++)
    g = 0.5 * (g + x / g);
  int r = (int)g;
  return r > 10;
}
