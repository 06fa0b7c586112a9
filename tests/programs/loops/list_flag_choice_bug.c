// RUN: --loops=auto --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 38
// list_flag_choice_proved.c with a bug: the walk of the second mode skips
// the first mode's tag, so with that mode and one node or more it stops
// at the head, tagged 6. Found with inputs that fail natively.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item {
  int tag;
  struct item *link;
};
int main(void) {
  int mode = __VERIFIER_nondet_int();
  struct item *head = malloc(sizeof *head);
  if (!head)
    return 0;
  struct item *it = head;
  while (__VERIFIER_nondet_int()) {
    it->tag = mode > 0 ? 4 : 6;
    struct item *n = malloc(sizeof *n);
    if (!n)
      return 0;
    it->link = n;
    it = n;
  }
  it->tag = 8;
  it = head;
  if (mode > 0)
    while (it->tag == 4)
      it = it->link;
  else
    while (it->tag == 4)
      it = it->link;
  // (A node tagged 6 stops the second walk at once.)
  if (it->tag != 8)
    reach_error();
  return 0;
}
