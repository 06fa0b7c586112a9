// VERDICT: false
// ERROR: div-by-zero 8
// Hash bucket with a modulus computed from the input: zero when n == 3.
#include <cosmo.h>

static unsigned bucket(unsigned key, unsigned n) {
  unsigned m = n - 3;
  return key % m;                     // BUG: div-by-zero
}

int main(void) {
  unsigned key, n;
  cosmo_symbolic(&key, sizeof key, "key");
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 3 && n <= 64);
  // Bounded so that proving b < n (a 32-bit urem) takes Z3 about a second,
  // not most of the 10 s query limit, which a loaded machine exceeded.
  cosmo_assume(key < 100000);
  unsigned b = bucket(key, n);
  cosmo_assert(b < n);
  return 0;
}
