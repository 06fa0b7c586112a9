// VERDICT: false
// ERROR: assert 21
// assert() from <assert.h>: the digit sum of 999 is 27.
#include <assert.h>
#include <cosmo.h>

static int digit_sum(unsigned n) {
  int s = 0;
  while (n) {
    s += n % 10;
    n /= 10;
  }
  return s;
}

int main(void) {
  unsigned n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n < 1000);
  int s = digit_sum(n);
  assert(s < 27);                     // BUG: assert
  return 0;
}
