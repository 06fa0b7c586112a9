// RUN: --loops=auto --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 36
// A list appended to its head node, allocated before the loop: the loop's
// pointer starts at the head and moves into the nodes it allocates (the
// head is an anchor of their region, each node's link is set by the next
// iteration). The walk back from the head stops at the last node, marked
// 3; the bug: the fifth node is marked 2, which the walk asserts never
// happens. Found with inputs that fail natively.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int mark;
  struct node *next;
};
int main(void) {
  struct node *head = malloc(sizeof *head);
  if (!head)
    return 0;
  struct node *p = head;
  int count = 0;
  while (__VERIFIER_nondet_int()) {
    p->mark = count == 4 ? 2 : 1;
    struct node *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    p->next = fresh;
    p = fresh;
    count++;
  }
  p->mark = 3;
  p->next = 0;
  for (p = head; p->mark != 3; p = p->next)
    if (p->mark != 1)
      reach_error();
  return 0;
}
