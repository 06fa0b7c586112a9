// RUN: --loops=auto --timeout=60 --horn-timeout=60
// NO-REPLAY: no error, and every list length; dll_link_then_set_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.not_summarized == 0
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.undecided == 0
// A doubly linked list appended to a head node made before the loop, keys
// below 100; after the loop one more node is appended at its tail the way
// the loop does it: linked in first (`x->next = malloc(..)`), its own
// links set after. Its key is 100, and a walk asserts every key is at
// most 100. The node is an anchor of the region from the link to it on,
// unset until its links hold null or nodes (Executor::adoptAnchor): no
// read of them is assumed and no write of them checked before. That
// write used to be cut (the block's links unset), leaving the walk's
// path unknown. About 2.5 s of Horn questions alone; lost at a third of
// the default --horn-timeout, hence the limit above.
// dll_link_then_set_bug.c finds the bug.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  struct node *next, *prev;
  int key;
};
int main(void) {
  struct node *head = malloc(sizeof *head);
  if (!head)
    return 0;
  head->next = 0;
  head->prev = 0;
  head->key = 0;
  struct node *x = head;
  while (__VERIFIER_nondet_int()) {
    x->next = malloc(sizeof *x);
    if (!x->next)
      return 0;
    x->next->prev = x;
    x = x->next;
    x->next = 0;
    int k = __VERIFIER_nondet_int();
    x->key = k < 0 || k >= 100 ? 0 : k;
  }
  x->next = malloc(sizeof *x);
  if (!x->next)
    return 0;
  x->next->prev = x;
  x = x->next;
  x->next = 0;
  x->key = 100;
  for (x = head; x; x = x->next)
    if (x->key > 100)
      reach_error();
  return 0;
}
