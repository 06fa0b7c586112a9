// RUN: --loops=auto --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 39
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.not_summarized == 0
// A doubly linked list appended to a head node allocated before the loop
// (24-byte nodes, LP64): the loop's pointer `last` moves from the head into
// the node region, whose cells are 32 bytes, the nodes padded. The head is
// an anchor of the region as a cell would be (its address a multiple of
// 32). The check wrongly expects every key to be 1; the sixth is 2. The
// walk after it is run: its first arrival, a short list, has the error.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *prev, *next;
};
int main(void) {
  struct node *head = malloc(sizeof *head);
  if (!head)
    return 0;
  head->key = 0;
  head->prev = head->next = 0;
  struct node *last = head;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    struct node *q = malloc(sizeof *q);
    if (!q)
      return 0;
    q->key = i < 5 ? 1 : 2;
    q->prev = last;
    q->next = 0;
    last->next = q;
    last = q;
  }
  for (struct node *p = head->next; p; p = p->next)
    if (p->key != 1)
      reach_error(); // BUG: assert
  return 0;
}
