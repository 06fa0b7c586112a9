// VERDICT: false
// ERROR: out-of-bounds 9
// klee_range(0, 6) can yield 5, one past the end of int[5].
#include <klee/klee.h>

int main(void) {
  int arr[5] = {1, 2, 3, 4, 5};
  int i = klee_range(0, 6, "i");
  int v = arr[i];                               // BUG: out-of-bounds
  klee_assert(v == i + 1);
  return 0;
}
