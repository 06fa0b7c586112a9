// VERDICT: false
// ERROR: assert 20
// fabs, floor, ceil, sqrt, fmin over a nondet double: what holds for every
// value holds, and the one wrong claim (floor(x) + 1 == ceil(x) for
// non-integral x only) fails on an integral x.
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);

int main(void) {
  double x = __VERIFIER_nondet_double();
  if (!(x > -1e6 && x < 1e6))
    return 0;
  if (fabs(x) < 0 || floor(x) > x || ceil(x) < x)
    reach_error();
  if (sqrt(16.0) != 4.0 || fmod(-7.5, 2.0) != -1.5 || round(2.5) != 3.0)
    reach_error();
  if (fmin(x, 0.0) > 0.0)
    reach_error();
  if (floor(x) + 1 != ceil(x)) reach_error(); // BUG: assert
  return 0;
}
