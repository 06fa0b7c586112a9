// RUN: --max-depth=200 --loops=unroll
// VERDICT: unknown
// Recursion depth equals an unconstrained input: unrolled, it has no end.
// (By default the recursion is summarised and the program proved: it has
// no error.)
#include <cosmo.h>

static unsigned depth(unsigned n) {
  if (n == 0)
    return 0;
  return 1 + depth(n - 1);
}

int main(void) {
  unsigned n;
  cosmo_symbolic(&n, sizeof n, "n");
  unsigned d = depth(n);
  return d > 10;
}
