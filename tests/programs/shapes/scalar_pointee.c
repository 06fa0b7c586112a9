// RUN: --entry=ratio
// VERDICT: false
// ERROR: div-by-zero 6
// What a pointer to a scalar holds is the function's input like any
// scalar: a division by it is an error valid inputs reach.
int ratio(const int *d) { return 100 / *d; }          // BUG: *d == 0
