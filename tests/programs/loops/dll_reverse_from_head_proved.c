// RUN: --loops=auto --timeout=60 --horn-timeout=60
// NO-REPLAY: no error, and every list length; dll_reverse_from_head_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 3
// STATS: loop_summaries.not_summarized == 0
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.undecided == 0
// A doubly linked list appended to a head node made before the loop (the
// region's anchor), keys below 100, reversed in place (each node's `next`
// and `prev` swapped), then walked from its new first node: every key is
// still below 100. The reversal's pointer starts at the head node and
// moves into the region: as an offset into that node its value written
// into a link (`x->next = prev` past the head) is no node, which cut the
// body's first run; it is taken as a pointer to nodes from then on
// (anchorMovingPointers), before that run's failure counts. About 5 s of
// Horn questions alone; lost at a third of the default --horn-timeout,
// hence the limit above.
// dll_reverse_from_head_bug.c finds the bug.
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
  struct node *prev = 0;
  x = head;
  while (x) {
    struct node *next = x->next;
    x->next = prev;
    x->prev = next;
    prev = x;
    x = next;
  }
  for (x = prev; x; x = x->next)
    if (x->key >= 100)
      reach_error();
  return 0;
}
