// VERDICT: true
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.summaries_composed >= 1
// (--calls=auto explores its callees inline: none is called often enough.)
// scale has an error path (a zero divisor) that no call of main can take:
// with --calls=replay --prune-to-errors its tree keeps only that path, so
// every call ends its path unexplored and the verdict is unknown; with
// --target=errors alone (heuristic H1) nothing is pruned and the verdict
// stays true.
#include <assert.h>
#include <cosmo.h>

int scale(int x, int d) {
  if (d == 0)
    assert(!"the divisor is never 0");
  if (x > 100)
    return x / d;
  return x * d;
}

int main(void) {
  int x;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_assume(x > -1000 & x < 1000);
  int s = scale(x, 3) + scale(x, 5);
  return s > 0;
}
