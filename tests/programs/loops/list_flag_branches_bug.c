// RUN: --loops=auto --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 41
// list_flag_branches_proved.c with a bug: without the flag the loop tags
// the head 2 but every later node 5, so with two nodes or more the walk
// stops at the second one, which is not the closing node. Found with
// inputs that fail natively.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item {
  int tag;
  struct item *link;
};
int main(void) {
  int flag = __VERIFIER_nondet_int();
  struct item *head = malloc(sizeof *head);
  if (!head)
    return 0;
  struct item *it = head;
  while (__VERIFIER_nondet_int()) {
    if (flag)
      it->tag = 1;
    else
      it->tag = it == head ? 2 : 5;
    struct item *n = malloc(sizeof *n);
    if (!n)
      return 0;
    it->link = n;
    it = n;
  }
  it->tag = 3;
  it = head;
  if (flag)
    while (it->tag == 1)
      it = it->link;
  else
    while (it->tag == 2)
      it = it->link;
  if (it->tag != 3)
    reach_error();
  return 0;
}
