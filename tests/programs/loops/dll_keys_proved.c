// RUN: --timeout=60 --horn-timeout=60
// NO-REPLAY: no error, and every list length; dll_keys_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.horn_queries <= 3
// A doubly linked list built by prepending, every key below 100, then
// walked forwards. Its nodes are 24 bytes (LP64): the node region's cells
// are 32, each node padded to a power of two, so that the walk's pointer
// is an index of a cell and the keys a fact over one cell. The walk starts
// past the building loop's summary, so it is summarised at its second
// arrival: two questions (its first node's, its summary's), about 1.5 s
// each over bit-vectors, not one for each of four unrolled nodes.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *prev, *next;
};
int main(void) {
  struct node *head = 0;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    struct node *q = malloc(sizeof *q);
    if (!q)
      return 0;
    int k = __VERIFIER_nondet_int();
    q->key = k < 0 || k >= 100 ? 0 : k;
    q->prev = 0;
    q->next = head;
    if (head)
      head->prev = q;
    head = q;
  }
  for (struct node *p = head; p; p = p->next)
    if (p->key >= 100)
      reach_error();
  return 0;
}
