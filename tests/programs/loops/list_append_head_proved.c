// RUN: --loops=auto --timeout=60 --horn-timeout=60
// VERDICT: true
// A list appended to its head node, allocated before the loop, then walked
// from the head to the last node (marked 3), every node before it marked
// 1: proved. The loop's pointer starts at the head, an anchor of the
// nodes' region, and is the region's tail at every head (its last cell,
// the head while there is none); each node's link is pending until the
// next iteration sets it. The facts: every cell below the tail is marked 1
// and links to the cell after it, and once a cell exists the head is
// marked 1 and links to the first.
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
  while (__VERIFIER_nondet_int()) {
    p->mark = 1;
    struct node *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    p->next = fresh;
    p = fresh;
  }
  p->mark = 3;
  p->next = 0;
  for (p = head; p->mark != 3; p = p->next)
    if (p->mark != 1)
      reach_error();
  return 0;
}
