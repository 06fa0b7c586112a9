// RUN: --timeout=60 --horn-timeout=60
// NO-REPLAY: no error, and every list length; list_partition_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.refuted_over_cells >= 1
// Nodes of one allocation site split into two lists by their keys, then
// one list walked. The nodes of a list are not the cells below a frontier
// (the others' keys are anything), so facts of one cell do not prove the
// walk: it takes facts of a node and the node it links to (every node of
// the small list with a key below 100 links to one with a key below 100)
// and of the node the list's head is at.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
int main(void) {
  struct node *small = 0, *large = 0;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    struct node *q = malloc(sizeof *q);
    if (!q)
      return 0;
    q->key = __VERIFIER_nondet_int();
    if (q->key < 100) {
      q->next = small;
      small = q;
    } else {
      q->next = large;
      large = q;
    }
  }
  for (struct node *p = small; p; p = p->next)
    if (p->key >= 100)
      reach_error();
  return 0;
}
