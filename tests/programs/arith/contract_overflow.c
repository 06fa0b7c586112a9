// RUN: --check=overflow
// VERDICT: false
// ERROR: overflow 16
// NO-REPLAY: the error's test is the contract run's call of next, not main's
// A contract is proved over C's arithmetic: the ensures holds over
// mathematical integers, but `x + 1` overflows for x == INT_MAX, which
// the requires allows, and the contract's own run of the function says
// so (a call that passes 41 is no excuse).
#include <cosmo.h>

/*@ requires x >= 0;
    ensures \result == x + 1;
    assigns \nothing;
*/
static int next(int x) {
  return x + 1;
}

int main(void) {
  return next(41) == 42 ? 0 : 1;
}
