// VERDICT: true
// exit() ends a path: nothing after it is reached on that path.
#include <cosmo.h>
#include <stdlib.h>

static void check_input(int x) {
  if (x < 0)
    exit(0);
  if (x > 1000)
    exit(2);
}

int main(void) {
  int x;
  cosmo_symbolic(&x, sizeof x, "x");
  check_input(x);
  cosmo_assert(x >= 0 && x <= 1000);
  int y = 100 / (x + 1);
  cosmo_assert(y >= 0);
  return 0;
}
