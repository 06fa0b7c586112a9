// RUN: --loops=auto --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 42
// STATS: paths_errored == 1
// A circular list of as many nodes as the input asks for (at least one),
// walked once around from its head to count them. The walk stops when the
// node after the pointer is the head, one node early: with two nodes it
// counts one. Found with inputs that fail natively.
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
  int n = 1;
  while (n < 1000000 && __VERIFIER_nondet_int()) {
    struct node *x = malloc(sizeof *x);
    if (!x)
      break;
    x->key = n++;
    x->next = head;
    tail->next = x;
    tail = x;
  }
  int count = 0;
  struct node *p = head;
  do {
    count++;
    p = p->next;
  } while (p->next != head);
  if (count != n)
    reach_error();
  p = head->next;
  while (p != head) {
    struct node *q = p->next;
    free(p);
    p = q;
  }
  free(head);
  return 0;
}
