// RUN: --timeout=60
// NO-REPLAY: no error, and every list length; list_inc_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.horn_queries <= 3
// Seed 001's listing 3 (Inc over a list) in C, correct: keys below 100,
// each asserted below 100 before its increment. Proved for lists of any
// length: the nodes the first loop allocates are the cells of one node
// region, the walk's pointer an index of a cell, and the invariant (every
// cell at or below the walk's has a key below 100 and links to the cell
// before it, or null) is read over one cell and checked by Houdini. The
// walk starts past the first loop's summary, so it is summarised at its
// second arrival: a question for its first node and one for its summary
// (not one for each of four unrolled nodes).
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
    q->key = k < 0 || k >= 100 ? 0 : k;
    q->next = list;
    list = q;
  }
  for (struct node *p = list; p; p = p->next) {
    if (p->key >= 100)
      reach_error();
    p->key = p->key + 1;
  }
  return 0;
}
