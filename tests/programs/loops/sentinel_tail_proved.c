// RUN: --horn-timeout=60
// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.undecided == 0
// A list that ends at a sentinel node rather than at null: the sentinel
// and the list's first node are made before the loop, each node appended
// at the tail links to the sentinel, and a walk from the first node stops
// at the sentinel (never testing for null), checking every key. Proved
// for lists of any length: the sentinel is a node made before the loop
// that the loop's nodes link to, which the loop's head takes as an anchor
// of their region (LoopInstance::linkedAnchors), its link null or a node,
// and the tail pointer never at it; a link written with the sentinel's
// address is offered as never null (CellTemplates.cpp), so the walk's
// reads of `p->key` and `p->next` are never through null. (About 4 s of
// Horn questions by default; one of them is lost with a third of the
// default --horn-timeout, hence the limit above, docs/test-programs.md.)
// sentinel_tail_bug.c finds the bug.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
int main(void) {
  struct node *sentinel = malloc(sizeof *sentinel);
  if (!sentinel)
    return 0;
  sentinel->key = 0;
  sentinel->next = 0;
  struct node *list = malloc(sizeof *list);
  if (!list)
    return 0;
  list->key = 5;
  list->next = sentinel;
  struct node *end = list;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    if (!n)
      return 0;
    int k = __VERIFIER_nondet_int();
    n->key = k > 5 ? 7 : 5;
    n->next = sentinel;
    end->next = n;
    end = n;
  }
  for (struct node *p = list; p != sentinel; p = p->next)
    if (p->key != 5 && p->key != 7)
      reach_error();
  return 0;
}
