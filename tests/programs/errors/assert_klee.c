// VERDICT: false
// ERROR: assert 14
// klee_assert on a hash value the solver can invert.
#include <klee/klee.h>

static unsigned hash(int x) {
  return (unsigned)x * 31u + 7u;
}

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  unsigned h = hash(x);
  klee_assert((h & 0xffff) != 0xbeef);          // BUG: assert
  return 0;
}
