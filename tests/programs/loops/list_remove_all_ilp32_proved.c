// RUN: --32
// VERDICT: true
// STATS: loop_summaries.refuted_over_cells >= 4
// STATS: loop_summaries.undecided == 0
// Seed 001's listing 1 (list_remove_all_proved.c, the same text) under
// ILP32: the key at offset 0 is as wide as the link at offset 4, so width
// does not tell the link apart. RemoveAll's clauses follow the field at
// offset 4, so that one is tried first as the link (CellViews.cpp). Tried
// in offset order, the view over offset 0 took most of the question's time
// and this run did not end in 80 min (a copy with other names and
// declaration order ended in 32-34 s, against 19-21 s now: which view
// fails how fast is sensitive to the order Z3 meets the terms in). Proved
// in about 20 s.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
int main(void) {
  struct node *list = 0;
  int x = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    struct node *q = malloc(sizeof *q);
    if (!q)
      return 0;
    q->key = __VERIFIER_nondet_int();
    q->next = list;
    list = q;
  }
  // RemoveAll: a sentinel before the list, as the listing's `new`.
  struct node head = {x, list};
  struct node *p = &head;
  while (p->next) {
    if (p->next->key == x)
      p->next = p->next->next;
    else
      p = p->next;
  }
  // Contains.
  for (p = head.next; p; p = p->next)
    if (p->key == x)
      reach_error();
  return 0;
}
