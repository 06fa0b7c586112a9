// VERDICT: false
// ERROR: out-of-bounds 7
// a[i - 1] with i == 0 reads before the start of a stack array.
#include <cosmo.h>

static int prev_delta(const int *a, int i) {
  return a[i] - a[i - 1];             // BUG: out-of-bounds
}

int main(void) {
  int a[4] = {1, 3, 6, 10};
  int i;
  cosmo_symbolic(&i, sizeof i, "i");
  cosmo_assume(i >= 0 && i < 4);
  int d = prev_delta(a, i);
  cosmo_assert(d == i + 1);
  return 0;
}
