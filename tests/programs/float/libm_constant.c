// VERDICT: false
// ERROR: assert 21
// pow, exp, log, sin, cos, atan2 and powf on constant arguments are
// computed (with the host's libm, the one a native run links): the error
// is reached on the path where they hold what they hold natively, and the
// claim that is never true (sin(0.5) > 0.5) is refuted.
#include <math.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 9)
    return 0;
  if (sin(0.5) > 0.5 || cos(0.25) >= 1.0 || atan2(1.0, 1.0) <= 0.78)
    reach_error();
  if (k != 5)
    return 0;
  if (pow(2.0, 10.0) == 1024.0 && exp(0.0) == 1.0 && log(1.0) == 0.0 &&
      powf(2.0f, 3.0f) == 8.0f && log10(100.0) > 1.99)
    reach_error(); // BUG: assert
  return 0;
}
