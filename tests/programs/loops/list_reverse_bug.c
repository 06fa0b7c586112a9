// RUN: --loops=auto --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 38
// list_reverse_proved.c with a bug: the builder lets a key of 100
// through, which the walk after the reversal asserts below 100. Found
// with inputs that fail natively (one node, key 100).
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
    if (k < 0 || k > 100)
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
