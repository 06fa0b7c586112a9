// RUN: --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 33
// SV-COMP's alternating list: values alternate 1, 2, 1, 2, ...; the check
// wrongly assumes the list ends on a 1.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int data; struct node *next; };
int main(void) {
  struct node *head = malloc(sizeof *head);
  if (!head) return 0;
  head->data = 1;
  head->next = 0;
  struct node *x = head;
  int flag = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *t = malloc(sizeof *t);
    if (!t) return 0;
    t->data = flag ? 1 : 2;
    flag = !flag;
    t->next = 0;
    x->next = t;
    x = t;
  }
  x = head;
  int last = 0;
  while (x) {
    if (x->data != 1 && x->data != 2) return 1; // never
    last = x->data;
    x = x->next;
  }
  if (last != 1) reach_error();
  return 0;
}
