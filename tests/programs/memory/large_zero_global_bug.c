// VERDICT: false
// ERROR: assert 15
// A large zero-initialised global read at a symbolic index after one
// symbolic write: the index one past the written one reads a zero.
#include <cosmo.h>

int counts[100000];

int main(void) {
  int i;
  cosmo_symbolic(&i, sizeof i, "i");
  cosmo_assume(i >= 0 && i < 99999);
  counts[i] = 5;
  counts[i + 1] += counts[i];
  cosmo_assert(counts[i + 1] != 5 || i < 70000); // BUG: assert
  return 0;
}
