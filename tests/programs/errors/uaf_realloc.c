// VERDICT: false
// ERROR: use-after-free 16
// After a realloc the old pointer is dead (realloc may move the block).
#include <cosmo.h>
#include <stdlib.h>

int main(void) {
  unsigned grow;
  cosmo_symbolic(&grow, sizeof grow, "grow");
  int *a = malloc(2 * sizeof *a);
  a[0] = 1;
  a[1] = 2;
  int *old = a;
  if (grow > 100)
    a = realloc(a, 64 * sizeof *a);
  int first = old[0];                 // BUG: use-after-free
  cosmo_assert(first == 1 && a[1] == 2);
  free(a);
  return 0;
}
