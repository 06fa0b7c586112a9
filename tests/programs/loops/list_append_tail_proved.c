// RUN: --loops=auto --timeout=60 --horn-timeout=60
// VERDICT: true
// STATS: loop_summaries.summarized >= 3
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.undecided == 0
// A list pushed at its head, keys in a window above `low`, then one node
// made after the loop and appended at the tail (a walk to the last node),
// then walked: every key is in the window. Proved for lists of any
// length: the appended node is no cell of the pushed nodes' region; the
// link to it makes it an anchor of the region (Executor::adoptAnchor, its
// own link set to null first), as a list's head made before a loop is.
// Nine questions, about 5 s in all alone; one is lost at a third of the
// default --horn-timeout, hence the limit above.
// list_append_tail_bug.c appends a key outside the window.
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
    while (p->next)
      p = p->next;
    p->next = last;
  }
  for (struct node *p = list; p; p = p->next)
    if (p->key < low || p->key >= low + 10)
      reach_error();
  return 0;
}
