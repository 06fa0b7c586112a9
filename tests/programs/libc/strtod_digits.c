// VERDICT: true
// strtod, strtof and atof of concrete strings give the doubles the compiler
// gives the same literals (correctly rounded: 0.1, 2^53 + 1 ties to even),
// set *endptr after what they read and errno on overflow and underflow.
#include <errno.h>
#include <math.h>
#include <stdlib.h>
extern void reach_error(void);

static void expect(int ok) {
  if (!ok)
    reach_error();
}

int main(void) {
  char *end;
  const char *s = "  +12.5e-1xyz";
  errno = 0;
  expect(strtod(s, &end) == 1.25 && end == s + 10 && errno == 0);
  expect(strtod("0.1", 0) == 0.1);
  expect(strtod("-3.14159", 0) == -3.14159);
  expect(strtod("9007199254740993", 0) == 9007199254740992.0);
  expect(strtod("0x1.8p3", 0) == 12.0);
  expect(strtof("0.1", 0) == 0.1f);
  expect(atof("1e10") == 1e10);
  s = "e5";
  expect(strtod(s, &end) == 0 && end == s);
  double inf = strtod("-Infinity", &end);
  expect(inf < -1.7976931348623157e308 && *end == 0);
  double nan = strtod("nan", 0);
  expect(nan != nan);
  errno = 0;
  expect(strtod("1.8e308", 0) == HUGE_VAL && errno == ERANGE);
  errno = 0;
  expect(strtod("4.9e-324", 0) == 4.9e-324 && errno == ERANGE);
  return 0;
}
