// VERDICT: false
// ERROR: assert 35
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.summaries_composed >= 1
// STATS: e2e-auto composition.summaries_composed >= 1
// Callees that modify globals: account changes total and count under its
// own branches; main sees the merged values after each call.
#include <cosmo.h>

static int sym(const char *name) {
  int v;
  cosmo_symbolic(&v, sizeof v, name);
  return v;
}

static int total;
static unsigned count;

static void account(int v) {
  if (v > 0) {
    total += v;
    count++;
  } else if (v < -10) {
    total -= 10;
  }
}

int main(void) {
  for (int i = 0; i < 3; i++) {
    int v = sym("v");
    cosmo_assume(v > -50 && v < 50);
    account(v);
  }
  cosmo_assert(count <= 3);
  cosmo_assert(total != 7 || count != 1);   // BUG: assert
  return 0;
}
