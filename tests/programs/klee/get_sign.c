// VERDICT: true
// The KLEE tutorial's get_sign with klee_make_symbolic and klee_assert.
#include <klee/klee.h>

int get_sign(int x) {
  if (x == 0)
    return 0;
  if (x < 0)
    return -1;
  else
    return 1;
}

int main(void) {
  int a;
  klee_make_symbolic(&a, sizeof(a), "a");
  int s = get_sign(a);
  klee_assert(s == 0 || s == 1 || s == -1);
  klee_assert((s < 0) == (a < 0));
  return 0;
}
