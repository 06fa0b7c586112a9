// RUN: --loops=summarize --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 42
// Two loops append to one list from its head node, the first marking its
// nodes 1, the second 2 -- or 4, when an input says so -- and a walk from
// the head finds a mark other than 1 and 2. Both loops' nodes are cells
// of one region (the second appends to the first's); found past their
// summaries, with inputs that fail natively. (CliTest's
// TwoLoopsAppendingToOneListAreBothSummarised: the correct program.)
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
  while (__VERIFIER_nondet_int()) {
    p->mark = __VERIFIER_nondet_int() == 7 ? 4 : 2;
    struct node *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    p->next = fresh;
    p = fresh;
  }
  p->mark = 3;
  p->next = 0;
  for (p = head; p->mark != 3; p = p->next)
    if (p->mark != 1 && p->mark != 2)
      reach_error();
  return 0;
}
