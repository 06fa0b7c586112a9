// RUN: --loops=auto --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 32
// list_sorted_keys_proved.c with a bug: the step may be -1, so a key may
// be larger than the one before it, and the walk finds two keys out of
// order. Found with inputs that fail natively (a list of two nodes whose
// second step is -1), before the builder is summarised.
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
    if (step >= -1 && step < 10 && key > -1000000)
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
