// RUN: --check=overflow
// VERDICT: true
// Unsigned wraparound is defined and never an overflow error.
#include <cosmo.h>
#include <limits.h>

int main(void) {
  unsigned u; unsigned long long w; unsigned char c; unsigned short h;
  cosmo_symbolic(&u, sizeof u, "u");
  cosmo_symbolic(&w, sizeof w, "w");
  cosmo_symbolic(&c, sizeof c, "c");
  cosmo_symbolic(&h, sizeof h, "h");
  unsigned z = u + 1u;
  if (u == UINT_MAX) cosmo_assert(z == 0); else cosmo_assert(z > u);
  unsigned long long d = w - 1;
  if (w == 0) cosmo_assert(d == ULLONG_MAX); else cosmo_assert(d < w);
  unsigned char c2 = c * 2;
  cosmo_assert(c2 == (unsigned char)(c << 1));
  unsigned short hs = (unsigned short)(h + 65535);
  cosmo_assert(hs == (unsigned short)(h - 1));
  int count = 0;
  for (unsigned i = 3; i-- > 0; )
    count++;
  cosmo_assert(count == 3);
  unsigned down = 0u - u;
  cosmo_assert(down + u == 0);
  return 0;
}
