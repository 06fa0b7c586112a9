// RUN: --check=overflow
// VERDICT: true
// Overflow-free arithmetic: saturating add with pre-checks, a bounded
// 64-bit multiply, and unsigned wraparound (never reported).
#include <cosmo.h>
#include <limits.h>

static int add_sat(int a, int b) {
  if (b > 0 && a > INT_MAX - b) return INT_MAX;
  if (b < 0 && a < INT_MIN - b) return INT_MIN;
  return a + b;
}

static long long mul_small(long long x) {
  if (x > -1000000 && x < 1000000)
    return x * 1000000LL;
  return 0;
}

int main(void) {
  int a, b;
  long long x;
  cosmo_symbolic(&a, sizeof a, "a");
  cosmo_symbolic(&b, sizeof b, "b");
  cosmo_symbolic(&x, sizeof x, "x");
  int r = add_sat(a, b);
  if (b >= 0) cosmo_assert(r >= a); else cosmo_assert(r <= a);
  long long m = mul_small(x);
  cosmo_assert(m == 0 || (m > 0) == (x > 0));
  unsigned u = (unsigned)a * 3u + (unsigned)b;
  cosmo_assert(u - (unsigned)b == (unsigned)a * 3u);
  return 0;
}
