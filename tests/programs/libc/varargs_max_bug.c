// VERDICT: false
// ERROR: assert 25
// A variadic maximum that starts from 0 instead of its first argument:
// wrong when every argument is negative.
#include <cosmo.h>
#include <stdarg.h>

extern long long __VERIFIER_nondet_longlong(void);

static long long max_of(int n, ...) {
  va_list ap;
  va_start(ap, n);
  long long m = 0;
  for (int i = 0; i < n; ++i) {
    long long v = va_arg(ap, long long);
    if (v > m)
      m = v;
  }
  va_end(ap);
  return m;
}

int main(void) {
  long long a = __VERIFIER_nondet_longlong(), b = __VERIFIER_nondet_longlong();
  cosmo_assert(max_of(2, a, b) == (a > b ? a : b)); // BUG: assert
  return 0;
}
