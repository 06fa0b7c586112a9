// VERDICT: true
// isnan, isinf, isfinite, signbit and fpclassify (macros of comparisons
// and bits) agree with each other on every double, NaN and -0.0 included.
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);

int main(void) {
  double x = __VERIFIER_nondet_double();
  if (isnan(x) && (isinf(x) || isfinite(x) || x == x))
    reach_error();
  if (isinf(x) && (isfinite(x) || fabs(x) != INFINITY))
    reach_error();
  if (isfinite(x) != (!isnan(x) && !isinf(x)))
    reach_error();
  if (!isnan(x) && signbit(x) != (x < 0 || 1 / x < 0))
    reach_error();
  if (fpclassify(x) == FP_ZERO && x != 0)
    reach_error();
  return 0;
}
