// RUN: --check=overflow
// VERDICT: false
// ERROR: overflow 12
// A counter incremented in a loop can pass INT_MAX.
#include <cosmo.h>

int main(void) {
  int counter;
  cosmo_symbolic(&counter, sizeof counter, "counter");
  cosmo_assume(counter >= 0);
  for (int i = 0; i < 3; i++)
    counter++;                        // BUG: overflow
  cosmo_assert(counter >= 3);
  return 0;
}
