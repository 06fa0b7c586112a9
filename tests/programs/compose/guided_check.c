// VERDICT: false
// ERROR: out-of-bounds 15
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.summaries_composed >= 1
// --calls=auto explores lookup inline: it is called once.
// level's tree has an error path inside lookup (an index past the table)
// next to its good paths. main's index can be 4, so at the call both the
// error and the good side of that check have live paths: a guided replay
// takes both from the tree, without a query and without leaving the tree.
#include <cosmo.h>

static const int table[4] = {10, 20, 30, 40};

int lookup(int i) {
  return table[i]; // BUG: out-of-bounds
}

int level(int i, int x) {
  if (x > 0)
    return lookup(i) + x;
  return -lookup(i);
}

int main(void) {
  int i, x;
  cosmo_symbolic(&i, sizeof i, "i");
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_assume(i >= 0 & i <= 4);
  cosmo_assume(x > -100 & x < 100);
  return level(i, x) > 0;
}
