// VERDICT: true
// |d| is never negative and halving never grows it, NaN excluded; the
// bits of a double seen through a union and through an integer agree.
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);

int main(void) {
  double d = __VERIFIER_nondet_double();
  if (d != d)
    return 0;
  double a = fabs(d);
  if (a < 0.0)
    reach_error();
  if (a * 0.5 > a)
    reach_error();
  union { double d; unsigned long long u; } v = {a};
  if (v.u >> 63) // the sign bit of |d| is clear
    reach_error();
  return 0;
}
