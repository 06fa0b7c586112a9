// VERDICT: false
// ERROR: assert 37
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.summaries_composed >= 1
// STATS: e2e-auto composition.summaries_composed >= 1
// State merging (--merge): a chain of diamonds. Each of eight inputs adds
// its weight to a total when classify() (one of two constants) says it is
// positive; an even input that is not sets its flag. Joining the sides of
// every diamond gives one path whose total and flags are guarded unions.
// No odd input sets a flag, so the assertion fails exactly when the
// positive inputs' weights sum to 77 (1 + 4 + 8 + 64); the test's inputs
// must do that natively.
#include <cosmo.h>

static int sym(const char *name) {
  int v;
  cosmo_symbolic(&v, sizeof v, name);
  return v;
}

static int classify(int x) {
  if (x > 0)
    return 1;
  return 0;
}

int main(void) {
  static const int weight[8] = {1, 2, 4, 8, 16, 32, 64, 128};
  int total = 0, flags = 0;
  for (int i = 0; i < 8; ++i) {
    int x = sym("x");
    if (classify(x))
      total += weight[i];
    else if (i % 2 == 0)
      flags |= 1 << i;
  }
  cosmo_assert(total != 77 || (flags & 2) != 0);   // BUG: assert
  return 0;
}
