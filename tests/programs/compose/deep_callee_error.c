// VERDICT: false
// ERROR: assert 16
// ERROR: out-of-bounds 25
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.summaries_composed >= 1
// (--calls=auto explores its callees inline: none is called often enough.)
// Errors three calls down: the trees of the inner functions hold error
// leaves, and the outer calls replay their way to them.
#include <assert.h>
#include <cosmo.h>

static int table[8];

int check_range(int v) {
  if (v > 1000)
    assert(v != 4242);
  return v >= 0 && v < 10;
}

int lookup(int v) {
  if (!check_range(v))
    return -1;
  if (v == 9)
    return 0;
  return table[v]; // v == 8 is one past the end
}

int process(int a, int b) {
  int r = lookup(a);
  if (r < 0)
    return lookup(b);
  return r + 1;
}

int main(void) {
  int a, b;
  cosmo_symbolic(&a, sizeof a, "a");
  cosmo_symbolic(&b, sizeof b, "b");
  return process(a, b) > 3;
}
