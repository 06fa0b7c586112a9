// RUN: --loops=auto --timeout=60 --horn-timeout=60
// NO-REPLAY: no error, and every list length; dll_link_set_next_iteration_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.not_summarized == 0
// STATS: loop_summaries.undecided == 0
// A doubly linked list appended to a head node made before the loop, the
// way SV-COMP's heap tasks build theirs: each iteration links a new node
// after the last one and sets its back link and key, but not its own
// `next`, which the next iteration sets (or the code after the loop, for
// the last node). The last node's `next` is pending at the loop's head,
// its `prev` already a node; the head node's links are valid from the
// arrival on. Every key is 0 but the last node's, 1, and a walk from the
// head stops at the 1 and asserts the keys before it 0.
// dll_link_set_next_iteration_bug.c finds the bug.
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
    x->key = 0;
  }
  x->key = 1;
  x->next = 0;
  for (x = head; x->key != 1; x = x->next)
    if (x->key != 0)
      reach_error();
  return 0;
}
