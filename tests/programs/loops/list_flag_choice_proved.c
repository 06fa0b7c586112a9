// VERDICT: true
// STATS: loop_summaries.refuted_over_cells >= 2
// STATS: loop_summaries.undecided == 0
// A list whose every node is tagged 4 or 6 by a mode chosen once before
// the loop (`mode > 0 ? 4 : 6`, a choice between constants), closed by a
// node tagged 8, then walked over the tag of its mode: the walk stops at
// the closing node. Proved for lists of any length with the facts a
// choice between constants offers (CellTemplates.cpp): each constant
// under its condition over the mode, which the loop leaves as it is.
// list_flag_choice_bug.c finds the bug.
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
    while (it->tag == 6)
      it = it->link;
  if (it->tag != 8)
    reach_error();
  return 0;
}
