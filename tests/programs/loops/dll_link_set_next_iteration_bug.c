// RUN: --loops=auto --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 34
// dll_link_set_next_iteration_proved.c with the bug: a node appended may
// get key 2, which the walk asserts no node before the last has. Found
// with inputs that fail natively.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  struct node *next, *prev;
  int key;
};
int main(void) {
  struct node *head = malloc(sizeof *head);
  if (!head)
    return 0;
  head->next = 0;
  head->prev = 0;
  head->key = 0;
  struct node *x = head;
  while (__VERIFIER_nondet_int()) {
    x->next = malloc(sizeof *x);
    if (!x->next)
      return 0;
    x->next->prev = x;
    x = x->next;
    x->key = __VERIFIER_nondet_int() == 5 ? 2 : 0;
  }
  x->key = 1;
  x->next = 0;
  for (x = head; x->key != 1; x = x->next)
    if (x->key != 0)
      reach_error(); // BUG: assert
  return 0;
}
