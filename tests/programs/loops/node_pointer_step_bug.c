// RUN: --target=errors --timeout=60
// VERDICT: false
// ERROR: out-of-bounds 28
// From the eighth node on, the node before the new one is read through
// `fresh - 1`: an address before the new block, not the node before it
// (the cells of a region lie side by side, so a type whose pointers are
// stepped gets no region and its loop is run).
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
  int acc = 0;
  for (int i = 0; i < n; i++) {
    struct item *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    fresh->key = i;
    fresh->next = top;
    struct item *q = fresh;
    if (i > 6 && top)
      q = fresh - 1;
    acc ^= q->key;
    top = fresh;
  }
  return acc == 12345;
}
