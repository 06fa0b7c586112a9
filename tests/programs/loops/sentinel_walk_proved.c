// RUN: --loops=auto --timeout=60 --horn-timeout=60
// NO-REPLAY: no error, and every list length; sentinel_walk_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 3
// STATS: loop_summaries.refuted_over_cells >= 2
// A list pushed at its head, then a walk from a sentinel on the stack that
// unlinks the nodes whose key is 0, then a walk over what is left. The
// sentinel's key is -1, so the last walk is correct only because it never
// reaches the sentinel: the sentinel's link is null or a node, and so is
// every node's link. No link ever holds the sentinel's address: a fact of
// each cell, which the question about the last walk's pointer at the
// sentinel offers (its pointer is the sentinel, null or a node).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
int main(void) {
  struct node *list = 0;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    struct node *q = malloc(sizeof *q);
    if (!q)
      return 0;
    int k = __VERIFIER_nondet_int();
    q->key = k < 0 ? 0 : k;
    q->next = list;
    list = q;
  }
  struct node head = {-1, list};
  struct node *p = &head;
  while (p->next) {
    if (p->next->key == 0)
      p->next = p->next->next;
    else
      p = p->next;
  }
  for (p = head.next; p; p = p->next)
    if (p->key < 0)
      reach_error();
  return 0;
}
