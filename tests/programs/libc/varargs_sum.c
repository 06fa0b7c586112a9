// VERDICT: true
// The program's own variadic function: a symbolic count of symbolic ints,
// and a va_copy that reads them a second time.
#include <cosmo.h>
#include <stdarg.h>

static long sum(int n, ...) {
  va_list ap, again;
  va_start(ap, n);
  va_copy(again, ap);
  long s = 0, t = 0;
  for (int i = 0; i < n; ++i)
    s += va_arg(ap, int);
  for (int i = 0; i < n; ++i)
    t += va_arg(again, int);
  va_end(again);
  va_end(ap);
  return s == t ? s : -1;
}

int main(void) {
  int n, x, y;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_symbolic(&y, sizeof y, "y");
  cosmo_assume(n >= 0 && n <= 3);
  cosmo_assume(x > -1000 && x < 1000 && y > -1000 && y < 1000);
  long s = sum(n, x, y, 5);
  cosmo_assert(s == (n > 0 ? x : 0) + (n > 1 ? y : 0) + (n > 2 ? 5 : 0));
  return 0;
}
