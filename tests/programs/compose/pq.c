// VERDICT: false
// ERROR: assert 28
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.summaries_composed >= 1
// (--calls=auto explores its callees inline: none is called often enough.)
// Seed 002's figure 1: q calls p in both branches of its own conditional.
// p has three feasible paths of four; in each calling context one of them
// is infeasible (a < b cannot take the x > y path of p(a, b)).
#include <assert.h>
#include <cosmo.h>

int p(int x, int y) {
  int r;
  if (x > y)
    r = 3 * x;
  else
    r = 5 * y;
  if (x == y)
    return x + r;
  return y + r;
}

int q(int a, int b) {
  if (a < b)
    return p(a, b);
  int v = p(b, a);
  if (a > 1000 && b == 7)
    assert(v != 6006); // a == 1001
  return v;
}

int main(void) {
  int a, b;
  cosmo_symbolic(&a, sizeof a, "a");
  cosmo_symbolic(&b, sizeof b, "b");
  return q(a, b) & 1;
}
