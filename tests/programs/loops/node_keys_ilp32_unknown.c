// RUN: --32 --timeout=3
// NO-REPLAY: no error; the run ends at its limit
// VERDICT: unknown
// ILP32: a list of input length whose keys count up from 0, walked from
// its last node. Correct, but not proved: a 32-bit address space has no
// room for a node region as large as the nodes a program may allocate
// (8-byte nodes: hundreds of millions), so its nodes stay blocks of their
// own, unrolled -- never a `true` that assumes fewer of them.
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
