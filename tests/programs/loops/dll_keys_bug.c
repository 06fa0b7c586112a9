// RUN: --loops=auto --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 31
// dll_keys_proved.c with a bug: a key may be 100. Found with inputs that
// fail natively; the nodes (24 bytes, LP64) are cells of 32 bytes of one
// node region.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
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
    int k = __VERIFIER_nondet_int();
    q->key = k < 0 || k > 100 ? 0 : k;
    q->prev = 0;
    q->next = head;
    if (head)
      head->prev = q;
    head = q;
  }
  for (struct node *p = head; p; p = p->next)
    if (p->key >= 100)
      reach_error(); // BUG: assert
  return 0;
}
