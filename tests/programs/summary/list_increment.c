// VERDICT: true
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.summaries_composed >= 1
// (--calls=auto explores its callees inline: none is called often enough.)
// Callees over a list the caller built on its stack. bump2 increments the
// first two nodes it reaches (its summary's input objects are placed at
// the caller's nodes); bump_all walks the whole list, which in isolation
// never ends (every next may be another node), so its summary is cut and
// its calls are run instead.
#include <cosmo.h>
#include <stddef.h>

static int sym(const char *name) {
  int v;
  cosmo_symbolic(&v, sizeof v, name);
  return v;
}

struct node {
  int value;
  struct node *next;
};

static void bump2(struct node *p) {
  if (p) {
    p->value++;
    if (p->next)
      p->next->value++;
  }
}

static void bump_all(struct node *p) {
  for (; p; p = p->next)
    p->value++;
}

int main(void) {
  struct node c = {sym("c"), NULL};
  struct node b = {sym("b"), &c};
  struct node a = {sym("a"), &b};
  int a0 = a.value, b0 = b.value, c0 = c.value;
  bump2(&a);
  bump2(&b);
  bump_all(&a);
  cosmo_assert(a.value == a0 + 2);
  cosmo_assert(b.value == b0 + 3);
  cosmo_assert(c.value == c0 + 2);
  return 0;
}
