// VERDICT: false
// ERROR: div-by-zero 11
// The divisor is checked against zero, but INT_MIN / -1 still faults
// (cosmo reports it as div-by-zero).
#include <cosmo.h>
#include <limits.h>

static int quotient(int a, int b) {
  if (b == 0)
    return 0;
  return a / b;                       // BUG: div-by-zero
}

int main(void) {
  int a, b;
  cosmo_symbolic(&a, sizeof a, "a");
  cosmo_symbolic(&b, sizeof b, "b");
  int q = quotient(a, b);
  if (a == INT_MIN + 1 && b == -1)
    cosmo_assert(q == INT_MAX);
  return 0;
}
