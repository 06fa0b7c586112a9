// VERDICT: false
// ERROR: out-of-bounds 13
// Heap buffer of symbolic size n written with `<=` instead of `<`.
#include <cosmo.h>
#include <stdlib.h>

int main(void) {
  unsigned n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 1 && n <= 8);
  int *p = malloc(n * sizeof *p);
  for (unsigned i = 0; i <= n; i++)
    p[i] = 0;                         // BUG: out-of-bounds
  free(p);
  return 0;
}
