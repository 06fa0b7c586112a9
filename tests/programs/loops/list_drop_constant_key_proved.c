// VERDICT: true
// STATS: loop_summaries.refuted_over_cells >= 4
// STATS: loop_summaries.undecided == 0
// A list of nondeterministic scores is built, every node scoring 7 is
// unlinked behind a dummy node whose own score is 0, and no node left
// scores 7: proved for lists of any length. The query compares a 4-byte
// field with a constant, which the cell system reads byte by byte; the
// walk's invariant needs "score != 7" as one fact (CellTemplates.cpp's
// query facts of one field taken together), no byte alone holds it.
// list_drop_constant_key_bug.c finds the bug.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item {
  int score;
  struct item *succ;
};
int main(void) {
  struct item *items = 0;
  int count = __VERIFIER_nondet_int();
  while (count-- > 0) {
    struct item *it = malloc(sizeof(struct item));
    if (it == 0)
      return 0;
    it->score = __VERIFIER_nondet_int();
    it->succ = items;
    items = it;
  }
  struct item dummy = {0, items};
  struct item *at = &dummy;
  while (at->succ != 0) {
    if (at->succ->score == 7)
      at->succ = at->succ->succ;
    else
      at = at->succ;
  }
  for (struct item *it = dummy.succ; it != 0; it = it->succ)
    if (it->score == 7)
      reach_error();
  return 0;
}
