// RUN: --loops=auto --timeout=60 --horn-timeout=60
// VERDICT: true
// STATS: loop_summaries.summarized >= 3
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.undecided == 0
// list_append_tail_proved.c's list, with the node made after the loop
// inserted after a node a walk stops at (nondeterministically): its link
// set to that node's successor first, then that node's link to it. The
// link write makes the new node an anchor of the pushed nodes' region
// (its own link already a node or null). Proved for lists of any length;
// 17 questions, about 6 s alone. list_insert_after_walk_bug.c inserts a
// key below the window.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
int main(void) {
  int low = __VERIFIER_nondet_int();
  if (low < 0 || low > 1000)
    return 0;
  struct node *list = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    if (!n)
      return 0;
    int key = __VERIFIER_nondet_int();
    n->key = key >= low && key < low + 10 ? key : low;
    n->next = list;
    list = n;
  }
  struct node *last = malloc(sizeof *last);
  if (!last)
    return 0;
  last->key = low + 9;
  last->next = 0;
  if (!list) {
    list = last;
  } else {
    struct node *p = list;
    while (p->next && __VERIFIER_nondet_int())
      p = p->next;
    last->next = p->next;
    p->next = last;
  }
  for (struct node *p = list; p; p = p->next)
    if (p->key < low || p->key >= low + 10)
      reach_error();
  return 0;
}
