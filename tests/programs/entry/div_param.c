// RUN: --entry=ratio
// VERDICT: false
// ERROR: div-by-zero 6
// Division by a scalar parameter (b == 0, and INT_MIN / -1).
int ratio(int a, int b) {
  return a / b;                       // BUG: div-by-zero
}
