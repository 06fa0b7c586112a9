// RUN: --loops=auto --timeout=60 --horn-timeout=20
// NO-REPLAY: no error, and every list length; list_reverse_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 3
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.undecided == 0
// A list of keys below 100 built at its head, reversed in place, then
// walked: every key is still below 100. Proved for lists of any length
// over cells with each node's successor beside it (the reversal relinks
// every node: no order of the cells holds its links).
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
    if (k < 0 || k >= 100)
      k = 0;
    q->key = k;
    q->next = list;
    list = q;
  }
  // Reverse.
  struct node *prev = 0;
  while (list) {
    struct node *next = list->next;
    list->next = prev;
    prev = list;
    list = next;
  }
  for (struct node *p = prev; p; p = p->next)
    if (p->key >= 100)
      reach_error();
  return 0;
}
