// RUN: --horn-timeout=10 --timeout=60
// NO-REPLAY: no error, and every list length
// VERDICT: true
// STATS: loop_summaries.refuted_over_cells >= 1
// A list of input length whose keys count up from 0, walked from its last
// node: no key is negative. Proved over the node region of the first
// loop's allocation site (the walk's invariant: every cell at or below
// the walk's holds a key of at least 0 and links to the one before).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item {
  int key;
  struct item *next;
};
int main(void) {
  struct item *top = 0;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    struct item *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    fresh->key = i;
    fresh->next = top;
    top = fresh;
  }
  for (struct item *at = top; at; at = at->next)
    if (at->key < 0)
      reach_error();
  return 0;
}
