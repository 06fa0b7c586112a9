// VERDICT: true
// STATS: loop_summaries.refuted_over_cells >= 2
// STATS: loop_summaries.undecided == 0
// list_flag_choice_proved.c with the tag written in two branches of the
// loop (`if (flag) it->tag = 1; else it->tag = 2;`): one iteration clause
// per branch, each writing a constant. Proved for lists of any length
// with each constant under the branch's condition over the flag, which
// the loop leaves as it is (CellTemplates.cpp). list_flag_branches_bug.c
// finds the bug.
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
      it->tag = 2;
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
