// VERDICT: true
// Conditional expressions and _Bool conversions (any non-zero value is 1).
#include <cosmo.h>

int main(void) {
  int x, y;
  unsigned char c;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_symbolic(&y, sizeof y, "y");
  cosmo_symbolic(&c, sizeof c, "c");

  _Bool b = x;
  cosmo_assert(b == (x != 0));
  _Bool bc = c & 2;
  cosmo_assert(bc == ((c >> 1) & 1));
  _Bool t = b;
  t++;
  cosmo_assert(t == 1);

  int m = x > y ? x : y;
  cosmo_assert(m >= x && m >= y && (m == x || m == y));
  int mn = x < y ? x : y;
  cosmo_assert(mn <= m);
  int sign = x > 0 ? 1 : x < 0 ? -1 : 0;
  cosmo_assert((sign > 0) == (x > 0) && (sign == 0) == (x == 0));

  _Bool both = b && (y > 3);
  int cnt = b + both;
  cosmo_assert(cnt <= 2 && (cnt != 1 || !both));
  return 0;
}
