// VERDICT: false
// ERROR: out-of-bounds 20
// ERROR: div-by-zero 22
// ERROR: assert 23
// ERROR: div-by-zero 24
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.summaries_composed >= 1
// (--calls=auto explores its callees inline: none is called often enough.)
// Several error checks between two conditionals of f, two of them at one
// instruction (a signed division checks its divisor, then INT_MIN / -1):
// a replay guided by f's tree must tell them apart, or it takes an error
// side the tree's pairs do not reach (the overflow, impossible here).
#include <cosmo.h>

int t[4] = {1, 2, 3, 4};
int u[3] = {5, 6, 7};

int f(int i, int j, int d) {
  // t[i] is checked first, then u[j]
  int s = t[i] + u[j]; // BUG: out-of-bounds
  if (s > 8)
    return s / d; // BUG: div-by-zero
  cosmo_assert(s != 7); // BUG: assert
  return s % (d + 1); // BUG: div-by-zero
}

int main(void) {
  int i, j, d;
  cosmo_symbolic(&i, sizeof i, "i");
  cosmo_symbolic(&j, sizeof j, "j");
  cosmo_symbolic(&d, sizeof d, "d");
  cosmo_assume(i >= 0 & i <= 4);
  cosmo_assume(j >= -1 & j <= 2);
  int r = f(i, j, d);
  int r2 = f(j + 1, i - 1, d - 1);
  return r + r2;
}
