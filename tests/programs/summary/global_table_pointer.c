// VERDICT: false
// ERROR: assert 29
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.inlined >= 1
// A callee reads a constant table through a global pointer (as glibc's
// ctype macros do) at a symbolic index. Its isolated run has the pointer's
// bytes as inputs: the path where the pointer is null is a null
// dereference exactly when it is null (the condition goes with the error
// pair), and where else it points is the caller's to say (a frontier: the
// call runs the callee). Only the assertion fails, at i == 2.
#include <cosmo.h>

static const unsigned char weights[4] = {3, 1, 4, 1};
static const unsigned char *table = weights;

static int weight(unsigned i) {
  if (i >= 4)
    return 0;
  return table[i];
}

int main(void) {
  unsigned i;
  cosmo_symbolic(&i, sizeof i, "i");
  int w = weight(i);
  if (w == 3)
    table = weights + 1;
  int v = weight(i);
  cosmo_assert(v != 4); // BUG: i == 1 after w == 3, or i == 2
  return 0;
}
