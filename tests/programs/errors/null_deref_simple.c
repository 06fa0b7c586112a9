// VERDICT: false
// ERROR: null-deref 13
// A pointer that is NULL on one branch is written through.
#include <cosmo.h>
#include <stddef.h>

int main(void) {
  int x, v = 0;
  cosmo_symbolic(&x, sizeof x, "x");
  int *p = x > 5 ? &v : NULL;
  if (x == 3)
    p = &v;
  *p = 1;                             // BUG: null-deref
  cosmo_assert(v == 1);
  return 0;
}
