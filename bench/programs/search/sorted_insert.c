// Sorted insertion of nondeterministic values into a list of
// nondeterministic length; the insertion is right, the check after it is
// off by one (it wants the minimum to exceed the number of nodes).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int v; struct node *next; };
static struct node *insert(struct node *head, int v) {
  struct node *n = malloc(sizeof *n);
  if (!n) exit(0);
  n->v = v;
  if (!head || v <= head->v) {
    n->next = head;
    return n;
  }
  struct node *p = head;
  while (p->next && p->next->v < v)
    p = p->next;
  n->next = p->next;
  p->next = n;
  return n == head ? n : head;
}
int main(void) {
  struct node *head = 0;
  int count = 0;
  while (count < 8 && __VERIFIER_nondet_int()) {
    int v = __VERIFIER_nondet_int();
    if (v < 0 || v > 100) return 0;
    head = insert(head, v);
    count++;
  }
  for (struct node *p = head; p && p->next; p = p->next)
    if (p->v > p->next->v) return 1; // never: the list is sorted
  if (count >= 3 && head->v > count) reach_error();
  return 0;
}
