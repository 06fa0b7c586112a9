// RUN: --loops=auto --timeout=60 --horn-timeout=60
// NO-REPLAY: no error, and every list length; dll_next_set_late_back_links_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.undecided == 0
// dll_link_set_next_iteration_proved.c's builder (each node's `next` set
// by the next iteration, the last one's after the loop), then a walk from
// the head asserting every node's successor links back to it. The walk's
// first iterations run before its summary: they read the last node's
// links as set once the code after the builder has set them (its arrival
// checks them, as a summary's does), so the reads are of links and the
// walk's relation is read over cells.
// dll_next_set_late_back_links_bug.c finds the bug.
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
    x->key = __VERIFIER_nondet_int();
  }
  x->next = 0;
  for (x = head; x; x = x->next)
    if (x->next && x->next->prev != x)
      reach_error();
  return 0;
}
