// VERDICT: true
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.summaries_composed >= 1
// (--calls=auto explores its callees inline: none is called often enough.)
// A callee that writes through its pointer parameters: order2 swaps *a and
// *b when they are out of order. Its summary writes both cells under the
// guard *a > *b and leaves them under the other; main's three calls sort
// three symbolic values without forking on order2's paths.
#include <cosmo.h>

static int sym(const char *name) {
  int v;
  cosmo_symbolic(&v, sizeof v, name);
  return v;
}

static void order2(int *a, int *b) {
  if (*a > *b) {
    int t = *a;
    *a = *b;
    *b = t;
  }
}

int main(void) {
  int x = sym("x"), y = sym("y"), z = sym("z");
  order2(&x, &y);
  order2(&y, &z);
  order2(&x, &y);
  cosmo_assert(x <= y && y <= z);
  return 0;
}
