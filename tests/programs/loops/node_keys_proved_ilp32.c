// RUN: --32 --horn-timeout=10 --timeout=60
// NO-REPLAY: no error, and every list length
// VERDICT: true
// STATS: loop_summaries.refuted_over_cells >= 1
// ILP32 (nodes of 8 bytes, a region of 8-byte cells): a list of input
// length whose keys count up from 0, walked from its last node: no key
// is negative, for every length.
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
