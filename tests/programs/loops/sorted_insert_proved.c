// RUN: --timeout=60 --horn-timeout=60
// NO-REPLAY: no error, and every list length; sorted_insert_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 3
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.undecided == 0
// Insertion into a list kept in ascending order: each new node (its link
// set to null when it is made) goes before the first node whose value is
// not smaller, found by a walk nested in the loop that makes the nodes.
// Every value is clamped into [0, 100), and the walk after the loop checks
// each node's value. Proved for lists of any length (by default too, in 5 s
// alone; the limit above is the margin docs/test-programs.md asks of a
// proof lost at a third of the default --horn-timeout): the walk
// is summarised inside the isolated run of the outer body, and the key
// bound is one cell's fact. (sorted_insert_late_link_proved.c writes the
// new node's link only once, after the walk. Not yet: the order itself, a
// fact of a node and its successor that the walk's pointer must carry.)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item {
  int value;
  struct item *next;
};
static int clamp(int v) { return v < 0 || v >= 100 ? 50 : v; }
int main(void) {
  struct item *first = 0;
  while (__VERIFIER_nondet_int()) {
    struct item *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    int v = clamp(__VERIFIER_nondet_int());
    fresh->value = v;
    fresh->next = 0;
    if (!first || v <= first->value) {
      fresh->next = first;
      first = fresh;
      continue;
    }
    struct item *at = first;
    while (at->next && at->next->value < v)
      at = at->next;
    fresh->next = at->next;
    at->next = fresh;
  }
  for (struct item *p = first; p; p = p->next)
    if (p->value >= 100)
      reach_error();
  return 0;
}
