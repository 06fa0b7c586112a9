// VERDICT: true
// snprintf prints doubles exactly as glibc does: %f, %e and %g of concrete
// values, rounded to nearest with ties to even (2.5 -> "2", 0.125 ->
// "0.12"), and the text of a double computed on the path.
#include <stdio.h>
#include <string.h>
extern void reach_error(void);

static void expect(const char *got, const char *want) {
  if (strcmp(got, want) != 0)
    reach_error();
}

int main(void) {
  char buf[64];
  double third = 1.0 / 3;
  snprintf(buf, sizeof buf, "%f", third);
  expect(buf, "0.333333");
  snprintf(buf, sizeof buf, "%.0f|%.2f|%+.1f", 2.5, 0.125, -0.0);
  expect(buf, "2|0.12|-0.0");
  snprintf(buf, sizeof buf, "%e", 1234.5);
  expect(buf, "1.234500e+03");
  snprintf(buf, sizeof buf, "%g|%g|%g", 0.0001, 1e-5, 100000.0 * 10);
  expect(buf, "0.0001|1e-05|1e+06");
  int n = snprintf(buf, sizeof buf, "%8.3f|", 3.14159);
  expect(buf, "   3.142|");
  if (n != 9)
    reach_error();
  return 0;
}
