// RUN: --check=overflow
// VERDICT: false
// ERROR: overflow 15
// INT_MIN / -1 does not fit in int: under --check=overflow it is a signed
// overflow (UBSan's signed-integer-overflow says so too), not the
// division fault it is otherwise (int_min_div.c).
#include <cosmo.h>
#include <limits.h>

int main(void) {
  int a, b;
  cosmo_symbolic(&a, sizeof a, "a");
  cosmo_symbolic(&b, sizeof b, "b");
  if (b != 0 && a < -1000)
    return a / b;
  return 0;
}
