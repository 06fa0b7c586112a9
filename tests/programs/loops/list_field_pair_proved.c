// VERDICT: true
// STATS: loop_summaries.undecided == 0
// A list of nondeterministic (colour, size) pairs is built, pairs with
// colour 2 and size 0 turned away, and a walk checks that none is left:
// proved for lists of any length. The walk's question reads two fields
// of one node, each at its own offset, so the cell system has an
// instance for each; the invariant needs "not (colour == 2 and size ==
// 0)" as one fact of the node (CellTemplates.cpp's query facts of
// several fields at once, over the instances at one cell). Neither field
// alone holds a fact. list_field_pair_bug.c finds the bug.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct piece {
  struct piece *below;
  int colour;
  int size;
};
int main(void) {
  struct piece *stack = 0;
  while (__VERIFIER_nondet_int()) {
    int colour = __VERIFIER_nondet_int(), size = __VERIFIER_nondet_int();
    if (colour < 0 || colour > 3 || size < 0 || size > 2)
      continue;
    if (colour == 2 && size == 0)
      continue;
    struct piece *p = malloc(sizeof(struct piece));
    if (p == 0)
      return 0;
    p->colour = colour;
    p->size = size;
    p->below = stack;
    stack = p;
  }
  for (struct piece *p = stack; p != 0; p = p->below)
    if (p->colour == 2 && p->size == 0)
      reach_error();
  return 0;
}
