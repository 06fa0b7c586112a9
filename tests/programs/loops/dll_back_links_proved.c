// RUN: --loops=auto --timeout=120
// NO-REPLAY: no error, and every list length; dll_back_links_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.undecided == 0
// STATS: loop_summaries.asked_longer >= 1
// A doubly linked list appended to a head node made before the loop, then
// walked forwards: every node's successor links back to it
// (`x->next->prev == x`). Proved for lists of any length over cells with
// each node's successor beside it: the template of a doubly linked list's
// back link (CellTemplates.cpp), a linked cell's successor's other link
// equal to the cell's address, is inductive for the builder (the node
// appended links back to the last one, whose link is set to it) and for
// the walk. dll_back_links_bug.c finds the bug. Its deciding question
// takes 5-15 s: beyond --horn-timeout's 3 s, within the 16 times as long
// that a question past a loop that makes nodes gets (half the time left
// at most under --timeout).
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
    x->key = __VERIFIER_nondet_int();
  }
  for (x = head; x; x = x->next)
    if (x->next && x->next->prev != x)
      reach_error();
  return 0;
}
