// RUN: --loops=auto --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 33
// dll_next_set_late_back_links_proved.c with the bug: a node appended past
// the first may link back to the head node instead of the one before it.
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
    x->next->prev = __VERIFIER_nondet_int() == 3 ? head : x;
    x = x->next;
    x->key = __VERIFIER_nondet_int();
  }
  x->next = 0;
  for (x = head; x; x = x->next)
    if (x->next && x->next->prev != x)
      reach_error(); // BUG: assert
  return 0;
}
