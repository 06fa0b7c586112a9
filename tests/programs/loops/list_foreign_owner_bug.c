// RUN: --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 37
// Each node points to one owner, an object of the node's own size whose
// first field is a pointer too: the owner is the nodes' data, never taken
// for a node outside the region (an anchor), and the walk's writes
// through it reach the owner. Found with inputs that fail natively.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct owner {
  struct owner *self;
  long budget;
};
struct node {
  struct node *next;
  struct owner *owner;
};
int main(void) {
  struct owner *o = malloc(sizeof *o);
  if (!o)
    return 0;
  o->self = 0;
  o->budget = 7;
  struct node *list = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    if (!n)
      return 0;
    n->owner = o;
    n->next = list;
    list = n;
  }
  for (struct node *p = list; p; p = p->next)
    p->owner->budget -= 1;
  if (list && o->budget == 6)
    reach_error(); // BUG: assert
  return 0;
}
