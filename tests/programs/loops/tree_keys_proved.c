// RUN: --timeout=60 --horn-timeout=60
// NO-REPLAY: no error, and every tree size; tree_keys_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 3
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.undecided == 0
// A binary search tree: nodes are made while the input says so (no bound
// on their number), each key clamped into [0, 100) and the node hung below
// the leaf a walk from the root reaches (left for a smaller key, right
// otherwise); then a search for an input key walks down from the root and
// checks each key it passes. Proved for trees of any size (by default too,
// in 5 s alone; the limit above is the margin docs/test-programs.md asks
// of a proof lost at a third of the default --horn-timeout): the
// nodes are the cells of one region with two links, both walks' pointers
// are null or a cell, and the key bound is one cell's fact. (Not yet: the
// same insertion through a pointer to the link to write, `struct tree
// **at`, nor a recursive insert: their runs inside the loop's body are
// not summarised; and with the key clamped by a call of a helper, the
// isolated run of the outer body passes its bound of instructions.)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct tree {
  int key;
  struct tree *left, *right;
};
int main(void) {
  struct tree *root = 0;
  while (__VERIFIER_nondet_int()) {
    struct tree *t = malloc(sizeof *t);
    if (!t)
      return 0;
    int k = __VERIFIER_nondet_int();
    if (k < 0 || k >= 100)
      k = 7;
    t->key = k;
    t->left = t->right = 0;
    if (!root) {
      root = t;
      continue;
    }
    struct tree *p = root;
    for (;;) {
      struct tree *below = k < p->key ? p->left : p->right;
      if (!below)
        break;
      p = below;
    }
    if (k < p->key)
      p->left = t;
    else
      p->right = t;
  }
  int x = __VERIFIER_nondet_int();
  for (struct tree *p = root; p; p = x < p->key ? p->left : p->right)
    if (p->key >= 100)
      reach_error();
  return 0;
}
