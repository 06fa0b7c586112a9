// VERDICT: true
// snprintf writes at most size - 1 characters and a NUL, and returns the
// length the whole text would have.
#include <cosmo.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  int x;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_assume(x >= 0 && x <= 99999);
  char buf[4];
  int n = snprintf(buf, sizeof buf, "%d", x);
  cosmo_assert(n >= 1 && n <= 5);
  cosmo_assert(strlen(buf) == (size_t)(n < 3 ? n : 3));
  cosmo_assert((x >= 100) == (n >= 3));
  cosmo_assert(snprintf(NULL, 0, "%05d", x) == 5);
  return 0;
}
