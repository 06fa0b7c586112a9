// RUN: --loops=auto --timeout=200 --horn-timeout=60
// NO-REPLAY: no error, and every list length; circular_keys_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.refuted_over_cells >= 3
// STATS: loop_summaries.undecided == 0
// A circular list: a head node, then nodes appended at the tail, each
// linked back to the head, with keys below 100; a walk once around from
// the node after the head asserts each key is below 100. Proved for lists
// of any length over the cells of the appended nodes: each links to the
// head or to a node appended after it (CellTemplates.cpp: a link is the
// address the iteration links its new node to, or a cell below the
// frontier). One question needs about 10 s, beyond the default
// --horn-timeout.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
int main(void) {
  struct node *head = malloc(sizeof *head);
  if (!head)
    return 0;
  head->key = 0;
  head->next = head;
  struct node *tail = head;
  while (__VERIFIER_nondet_int()) {
    struct node *x = malloc(sizeof *x);
    if (!x)
      break;
    int k = __VERIFIER_nondet_int();
    x->key = k < 0 || k > 99 ? 1 : k;
    x->next = head;
    tail->next = x;
    tail = x;
  }
  for (struct node *p = head->next; p != head; p = p->next)
    if (p->key >= 100)
      reach_error();
  return 0;
}
