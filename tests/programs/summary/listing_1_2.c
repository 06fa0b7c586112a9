// VERDICT: true
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.summaries_composed >= 1
// (--calls=auto explores its callees inline: none is called often enough.)
// Seed 000, listing 1.2: g calls f twice. f is analysed once, in isolation:
// res_f = {x % 2 == 0 -> x; x % 2 != 0 -> 2 * x}. Each call is the
// composition {x -> 5} o res_f = 10, then {x -> 10} o res_f = 10; with a
// symbolic argument the composition is a guarded union and the caller
// does not fork.
#include <cosmo.h>

static int sym(const char *name) {
  int v;
  cosmo_symbolic(&v, sizeof v, name);
  return v;
}

int f(int x) {
  if (x % 2 == 0)
    return x;
  return 2 * x;
}

int g(void) {
  int b = f(5);
  int c = f(b);
  return b + c;
}

int main(void) {
  cosmo_assert(g() == 20);
  int y = sym("y");
  cosmo_assume(y > -1000 && y < 1000);
  int d = f(y);
  cosmo_assert(d % 2 == 0);
  return 0;
}
