// VERDICT: false
// ERROR: div-by-zero 7
// Division by zero three calls deep.
#include <cosmo.h>

static int ratio(int a, int b) {
  return a / b;                       // BUG: div-by-zero
}

static int scale(int v, int d) {
  return ratio(v * 10, d - 1);
}

static int compute(int v, int d) {
  if (v < 0 || v > 1000)
    return 0;
  return scale(v, d) + 1;
}

int main(void) {
  int v, d;
  cosmo_symbolic(&v, sizeof v, "v");
  cosmo_symbolic(&d, sizeof d, "d");
  cosmo_assume(d >= -5 && d <= 5);
  int r = compute(v, d);
  cosmo_assert(r > -10001);
  return 0;
}
