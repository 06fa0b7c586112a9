// VERDICT: true
// klee_range(lo, hi) yields lo <= v < hi (upper bound excluded).
#include <klee/klee.h>

int main(void) {
  int arr[4] = {0};
  int i = klee_range(0, 4, "i");
  klee_assert(i >= 0 && i != 4);
  arr[i] = 1;
  int j = klee_range(-3, 3, "j");
  klee_assert(j >= -3 && j <= 2);
  return arr[0] + arr[1] + arr[2] + arr[3] - 1;
}
