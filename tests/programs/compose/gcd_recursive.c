// RUN: --summary-depth=6 --summary-timeout=0
// VERDICT: true
// STATS: e2e-replay composition.functions_summarized >= 1
// STATS: e2e-replay composition.replayed >= 1
// A recursive gcd (seed 002's RationalRecursion): its memoization tree is
// built directly, up to --summary-depth conditionals (6 here: deeper
// isolated paths nest too many remainders for the solver); each call checks the
// tree's leaves, and a call whose recursion goes deeper than the tree
// continues with the solver from the tree's frontier. The isolated run
// has no time limit (--summary-timeout=0): with the default 2 s, a loaded
// machine left gcd inlined and the statistics above at 0. (Under --loops=auto
// the e2e run resumes the recursion as a recursive state only when its
// unrolling takes over two seconds, which depends on the machine: no
// statistic of that run is stated.)
#include <cosmo.h>

unsigned gcd(unsigned a, unsigned b) {
  if (b == 0)
    return a;
  return gcd(b, a % b);
}

int main(void) {
  unsigned a, b;
  cosmo_symbolic(&a, sizeof a, "a");
  cosmo_symbolic(&b, sizeof b, "b");
  cosmo_assume(a <= 12 && b <= 12);
  unsigned g = gcd(a, b);
  cosmo_assert(a == 0 || b == 0 || (a % g == 0 && b % g == 0));
  cosmo_assert(gcd(12, 18) == 6);
  return 0;
}
