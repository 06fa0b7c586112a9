// RUN: --loops=auto --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 32
// circular_keys_proved.c with a bug: a key may be 100, which the walk
// around the list asserts is not. Found with inputs that fail natively.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
int main(void) {
  struct node *head = malloc(sizeof *head);
  if (!head)
    return 0;
  head->key = 0;
  head->next = head;
  struct node *tail = head;
  while (__VERIFIER_nondet_int()) {
    struct node *x = malloc(sizeof *x);
    if (!x)
      break;
    int k = __VERIFIER_nondet_int();
    x->key = k < 0 || k > 100 ? 1 : k;
    x->next = head;
    tail->next = x;
    tail = x;
  }
  for (struct node *p = head->next; p != head; p = p->next)
    if (p->key >= 100)
      reach_error();
  return 0;
}
