// VERDICT: true
// Recursive and iterative Euclid agree, and the result divides both inputs.
#include <cosmo.h>

static unsigned gcd_rec(unsigned a, unsigned b) { return b == 0 ? a : gcd_rec(b, a % b); }

static unsigned gcd_iter(unsigned a, unsigned b) {
  while (b != 0) {
    unsigned t = a % b;
    a = b;
    b = t;
  }
  return a;
}

int main(void) {
  unsigned a;
  cosmo_symbolic(&a, sizeof a, "a");
  cosmo_assume(a <= 40);
  unsigned g = gcd_rec(a, 18);
  cosmo_assert(g == gcd_iter(a, 18));
  cosmo_assert(g >= 1 && g <= 18);
  cosmo_assert(18 % g == 0 && a % g == 0);
  return 0;
}
