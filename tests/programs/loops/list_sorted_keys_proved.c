// VERDICT: true
// NO-REPLAY: no error, and every list length; list_sorted_keys_bug.c replays its error
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.undecided == 0
// A list kept sorted by its builder: each node pushed at the front gets a
// key no larger than the one before it (the key moves down by an input
// step of 0 to 9), so a walk from the front sees the keys in ascending
// order. Proved for lists of any length over a cell and its successor:
// every written cell's key is at least the builder's current key (a
// carried value that only moves down), and each linked cell's key is at
// most its successor's (CellTemplates.cpp).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
int main(void) {
  struct node *list = 0;
  int key = 0;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    struct node *q = malloc(sizeof *q);
    if (!q)
      return 0;
    int step = __VERIFIER_nondet_int();
    if (step >= 0 && step < 10 && key > -1000000)
      key = key - step;
    q->key = key;
    q->next = list;
    list = q;
  }
  for (struct node *p = list; p && p->next; p = p->next)
    if (p->key > p->next->key)
      reach_error();
  return 0;
}
