// VERDICT: unknown
// sin of a nondet double has no exact encoding: the path that calls it
// ends unknown (naming sin), never with a guessed value.
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);

int main(void) {
  double x = __VERIFIER_nondet_double();
  if (!(x > -1.0 && x < 1.0))
    return 0;
  if (sin(x) > 2.0)
    reach_error();
  return 0;
}
