// VERDICT: true
// Signed/unsigned comparisons and the usual arithmetic conversions.
#include <cosmo.h>
#include <limits.h>

#define SYM(v) cosmo_symbolic(&(v), sizeof(v), #v)

int main(void) {
  int x; unsigned u; signed char c; unsigned char uc; long long ll;
  SYM(x); SYM(u); SYM(c); SYM(uc); SYM(ll);

  int m1 = -1;
  cosmo_assert(!(m1 < u));            /* -1 converts to UINT_MAX */
  if (x < 0)
    cosmo_assert((unsigned)x > 2147483647u);
  if (c < 0)
    cosmo_assert((unsigned char)c >= 128);
  cosmo_assert(uc >= c || c >= 0);
  int cmp3 = (x > 5) - (x < 5);
  if (x == 5) cosmo_assert(cmp3 == 0);
  else cosmo_assert(cmp3 == 1 || cmp3 == -1);
  if (ll < 0)
    cosmo_assert((unsigned long long)ll > (unsigned long long)LLONG_MAX);
  cosmo_assert((ll <= x) == !(ll > x));
  cosmo_assert((u != 7u) == !(u == 7u));
  return 0;
}
