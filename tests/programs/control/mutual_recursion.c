// VERDICT: true
// Mutually recursive even/odd.
#include <cosmo.h>

static int is_even(unsigned n);

static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }

int main(void) {
  unsigned n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n <= 12);
  int e = is_even(n);
  cosmo_assert(e == (n % 2 == 0));
  cosmo_assert(e != is_odd(n));
  return 0;
}
