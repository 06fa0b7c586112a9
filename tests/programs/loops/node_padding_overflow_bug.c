// RUN: --loops=auto --target=errors --timeout=30
// VERDICT: false
// ERROR: out-of-bounds 27
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.confirmed_by_run >= 1
// A node of 24 bytes (LP64) is a cell of 32 in its node region, padded to
// a power of two: the padding is not the node's. Clearing 32 bytes of it
// writes past its block, an out-of-bounds write, as it is natively.
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
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
    q->key = i;
    q->prev = 0;
    q->next = head;
    if (i == 20)
      memset(q, 0, sizeof *q + 8); // BUG: out-of-bounds
    head = q;
  }
  return 0;
}
