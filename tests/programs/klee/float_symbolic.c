// VERDICT: false
// ERROR: assert 17
// klee_make_symbolic on float objects: division by zero gives an infinity
// of the zero's sign, -0.0 equals 0.0; the one wrong claim is that a float
// equals itself (a NaN does not).
#include <klee/klee.h>

int main(void) {
  double d;
  klee_make_symbolic(&d, sizeof d, "d");
  if (d == 0.0)
    klee_assert(1.0 / d == 1.0 / 0.0 || 1.0 / d == -1.0 / 0.0);
  if (d == -0.0)
    klee_assert(d == 0.0);
  float f;
  klee_make_symbolic(&f, sizeof f, "f");
  klee_assert(f == f); // BUG: assert
  return 0;
}
