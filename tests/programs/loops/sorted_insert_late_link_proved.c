// RUN: --timeout=60 --horn-timeout=60
// NO-REPLAY: no error, and every list length; sorted_insert_bug.c replays an error of its kind
// VERDICT: true
// STATS: loop_summaries.summarized >= 3
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.undecided == 0
// sorted_insert_proved.c as it is usually written: the new node's link is
// written once, when it is linked in, after the walk that finds its place.
// While the walk runs, the new node is a cell of the region whose link is
// unset; the walk cannot reach it, as no link holds its address yet: inside
// the outer body's isolated run the valid cells' links hold a cell of the
// head or a link written since (NodeRegion::linkBound), and the walk's
// pointer is checked so at its arrival and at each iteration's end.
// (Proved by default too, in 5 s alone; the limit above is the margin
// docs/test-programs.md asks of a proof lost at a third of the default.)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item {
  int value;
  struct item *next;
};
int main(void) {
  struct item *first = 0;
  while (__VERIFIER_nondet_int()) {
    struct item *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    int v = __VERIFIER_nondet_int();
    if (v < 0 || v >= 100)
      v = 50;
    fresh->value = v;
    if (!first || v <= first->value) {
      fresh->next = first;
      first = fresh;
    } else {
      struct item *at = first;
      while (at->next && at->next->value < v)
        at = at->next;
      fresh->next = at->next;
      at->next = fresh;
    }
  }
  for (struct item *p = first; p; p = p->next)
    if (p->value >= 100)
      reach_error();
  return 0;
}
