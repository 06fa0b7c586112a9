// VERDICT: false
// ERROR: assert 34
// ERROR: div-by-zero 22
// ERROR: null-deref 28
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.summaries_composed >= 1
// (--calls=auto explores its callees inline: none is called often enough.)
// Errors deep inside callees that only some calls can reach: the same
// summaries compose into calls that cannot fail and into calls that can.
#include <cosmo.h>
#include <stddef.h>

static int sym(const char *name) {
  int v;
  cosmo_symbolic(&v, sizeof v, name);
  return v;
}

static int scale(int x, int d) {
  if (x > 100)
    return x;
  return x / d;                            // BUG: div-by-zero
}

static int peek(const int *p, int c) {
  if (c != 7)
    return 0;
  return *p;                               // BUG: null-deref
}

static int clamp(int v) {
  if (v < 0)
    return 0;
  cosmo_assert(v < 3000);                  // BUG: assert
  return v;
}

static int work(int x, int c) {
  int k = 3;
  int s = scale(x, 2) + scale(x + 200, 0); // neither divides by zero
  s += scale(x, x - 50);                   // zero when x == 50
  s += peek(&k, c) + peek(NULL, c + 1);    // NULL read when c == 6
  return clamp(s);                         // s >= 3000 is reachable
}

int main(void) {
  int x = sym("x"), c = sym("c");
  cosmo_assume(x > 0 && x < 1000);
  return work(x, c) < 0;
}
