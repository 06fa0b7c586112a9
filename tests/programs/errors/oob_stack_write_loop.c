// VERDICT: false
// ERROR: out-of-bounds 9
// Classic `<=` loop writing one element past a stack array (constant offset).
#include <cosmo.h>

static int sum_first(int n) {
  int buf[4];
  for (int i = 0; i <= 4; i++)
    buf[i] = i * n;                   // BUG: out-of-bounds
  return buf[0] + buf[3];
}

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 0 && n < 100);
  int s = sum_first(n);
  cosmo_assert(s == 3 * n);
  return 0;
}
