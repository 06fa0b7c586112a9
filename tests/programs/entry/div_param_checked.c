// RUN: --entry=ratio
// VERDICT: true
// Division by a scalar parameter with both faulting cases excluded.
#include <limits.h>

int ratio(int a, int b) {
  if (b == 0)
    return 0;
  if (a == INT_MIN && b == -1)
    return INT_MAX;
  return a / b;
}
