// VERDICT: false
// ERROR: out-of-bounds 11
// Stack array read at a symbolic index that can reach the length.
#include <cosmo.h>

int main(void) {
  int weights[5] = {1, 2, 3, 4, 5};
  int idx;
  cosmo_symbolic(&idx, sizeof idx, "idx");
  cosmo_assume(idx >= 0 && idx <= 5);
  int w = weights[idx];               // BUG: out-of-bounds
  cosmo_assert(w == idx + 1);
  return 0;
}
