// VERDICT: false
// ERROR: assert 50
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.summaries_composed >= 1
// STATS: e2e-auto composition.summaries_composed >= 1
// A callee that allocates a node and links it into the caller's list:
// formula summaries give the caller a new block at every call (seed 001,
// footnote 3) and store its address where the callee did (theorem 15).
// Three calls must make three distinct nodes, in order, each holding the
// magnitude of its value; the sum of 42 is reachable.
#include <cosmo.h>
#include <stdlib.h>

struct node {
  int value;
  struct node *next;
};

struct list {
  struct node *head;
  int size;
};

static void prepend(struct list *l, int v) {
  struct node *n = malloc(sizeof *n);
  if (!n)
    abort();
  n->value = v > 0 ? v : -v;
  n->next = l->head;
  l->head = n;
  l->size++;
}

int main(void) {
  struct list l = {NULL, 0};
  int v[3];
  cosmo_symbolic(v, sizeof v, "v");
  for (int i = 0; i < 3; ++i) {
    cosmo_assume(v[i] > -50 && v[i] < 50);
    prepend(&l, v[i]);
  }
  int sum = 0, count = 0;
  for (struct node *n = l.head; n; n = n->next) {
    sum += n->value;
    count++;
  }
  cosmo_assert(count == 3 && l.size == 3);
  cosmo_assert(l.head->value == (v[2] > 0 ? v[2] : -v[2]));
  cosmo_assert(l.head->next->next->value == (v[0] > 0 ? v[0] : -v[0]));
  cosmo_assert(sum != 42);                 // BUG: assert
  while (l.head) {
    struct node *n = l.head;
    l.head = n->next;
    free(n);
  }
  return 0;
}
