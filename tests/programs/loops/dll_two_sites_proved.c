// RUN: --loops=summarize --timeout=60 --horn-timeout=30
// NO-REPLAY: no error, and every list length; dll_two_sites_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.refuted_over_cells >= 1
// A doubly linked list built by prepending one node, or two: the loop
// allocates nodes of one type at two places. Both are cells of one node
// region (a 32-bit address space has room for one region of a type, not
// two), so a link from a node of one site to a node of the other is a link
// of the region, and the walk's keys are a fact over one cell.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
  struct node *prev;
};
int main(void) {
  struct node *first = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    fresh->key = 1;
    fresh->prev = 0;
    fresh->next = first;
    if (first)
      first->prev = fresh;
    first = fresh;
    if (__VERIFIER_nondet_int()) {
      struct node *pair = malloc(sizeof *pair);
      if (!pair)
        return 0;
      pair->key = 2;
      pair->prev = 0;
      pair->next = first;
      first->prev = pair;
      first = pair;
    }
  }
  for (struct node *at = first; at; at = at->next)
    if (at->key < 1 || at->key > 2)
      reach_error();
  return 0;
}
