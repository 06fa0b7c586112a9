// RUN: --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 29
// A list of input length whose keys count up from 0; the walk fails at
// the node of key 20, past the iterations a run unrolls before the loops
// are summarised: the error is a candidate of the summary, confirmed by a
// run on a model's inputs (a list of 21 nodes at least), which fails
// natively.
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
    if (at->key == 20)
      reach_error();
  return 0;
}
