// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.undecided == 0
// A list appended at its tail, two nodes an iteration when the first is
// marked: a marked node (tag 1) is always followed by an unmarked one
// (tag 0), and a walk that skips the follower of each marked node checks
// it. Proved for lists of any length over a cell and its successor
// (CellTemplates.cpp): a constant the builder writes into a node's field
// decides its successor's (tag 1 -> linked, and the successor's tag 0),
// and the tail the builder appends at has a null link and tag 0 (the
// facts of the cell whose link alone an iteration writes, to a node it
// allocates). The shape of forester-heap's red-black lists.
// list_marked_successor_bug.c finds the bug.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct cell {
  struct cell *link;
  int tag;
};
int main(void) {
  struct cell *first = malloc(sizeof *first);
  if (!first)
    return 0;
  first->link = 0;
  first->tag = 0;
  struct cell *last = first;
  while (__VERIFIER_nondet_int()) {
    struct cell *n = malloc(sizeof *n);
    if (!n)
      return 0;
    n->link = 0;
    last->link = n;
    last = n;
    if (__VERIFIER_nondet_int()) {
      n->tag = 0;
    } else {
      n->tag = 1;
      struct cell *m = malloc(sizeof *m);
      if (!m)
        return 0;
      m->link = 0;
      m->tag = 0;
      n->link = m;
      last = m;
    }
  }
  for (struct cell *p = first; p; p = p->link) {
    if (p->tag == 1) {
      p = p->link;
      if (!p || p->tag != 0)
        reach_error();
    }
  }
  return 0;
}
