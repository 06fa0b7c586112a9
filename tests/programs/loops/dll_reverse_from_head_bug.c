// RUN: --loops=auto --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 43
// dll_reverse_from_head_proved.c with the bug: a key of 100 is let through
// into the list, which the walk after the reversal asserts no node has.
// Found with inputs that fail natively.
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
    x->next = 0;
    int k = __VERIFIER_nondet_int();
    x->key = k < 0 || k > 100 ? 0 : k;
  }
  struct node *prev = 0;
  x = head;
  while (x) {
    struct node *next = x->next;
    x->next = prev;
    x->prev = next;
    prev = x;
    x = next;
  }
  for (x = prev; x; x = x->next)
    if (x->key >= 100)
      reach_error();
  return 0;
}
