// RUN: --loops=auto --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 31
// Nodes split into two lists by their keys, then the large list walked
// with the small list's bound: any node of it fails.
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
  for (struct node *p = large; p; p = p->next)
    if (p->key >= 100)
      reach_error(); // BUG: every node of the large list
  return 0;
}
