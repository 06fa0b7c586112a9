// A list of lists, both of nondeterministic length: the outer loop's and
// each inner loop's exits must all be tried. The error needs two outer
// nodes, the second with an inner list of at least two nodes.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct inner { int v; struct inner *next; };
struct outer { struct inner *items; int count; struct outer *next; };
int main(void) {
  struct outer *lists = 0;
  int outerCount = 0;
  while (__VERIFIER_nondet_int()) {
    struct outer *o = malloc(sizeof *o);
    if (!o) return 0;
    o->items = 0;
    o->count = 0;
    while (__VERIFIER_nondet_int()) {
      struct inner *i = malloc(sizeof *i);
      if (!i) return 0;
      i->v = o->count;
      i->next = o->items;
      o->items = i;
      o->count++;
    }
    o->next = lists;
    lists = o;
    outerCount++;
  }
  int total = 0;
  for (struct outer *o = lists; o; o = o->next) {
    int k = 0;
    for (struct inner *i = o->items; i; i = i->next)
      k++;
    if (k != o->count) return 1; // never
    total += k;
  }
  if (outerCount == 2 && lists->count >= 2 && total >= 2)
    reach_error();
  return 0;
}
