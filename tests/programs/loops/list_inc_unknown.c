// RUN: --loops=auto --timeout=2
// NO-REPLAY: thousands of completed paths (every short list) in its two seconds; list_*_bug.c replay theirs
// VERDICT: unknown
// STATS: loop_summaries.not_summarized >= 1
// Seed 001's listing 3 (Inc over a list) in C, correct: keys below 100,
// each asserted below 100 before its increment. Not proved yet: the list
// is built by a loop that allocates (the Horn encoding has no heap
// regions: an allocation site in a summarised loop as an array of cells,
// `p = p->next` as an index into it), so every length is unrolled and the
// run ends at its limit -- never with a wrong verdict.
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
