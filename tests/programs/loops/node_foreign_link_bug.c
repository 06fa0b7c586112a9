// RUN: --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 35
// The first node of the list links to a sentinel on the stack, not to a
// node: the builder's nodes are no region of links to nodes (the
// summary is refused and the loop runs), and a walk of ten nodes reaches
// the sentinel's key.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item {
  int key;
  struct item *next;
};
int main(void) {
  struct item sentinel = {500, 0};
  struct item *top = 0;
  int n = __VERIFIER_nondet_int();
  if (n > 20)
    return 0;
  for (int i = 0; i < n; i++) {
    struct item *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    fresh->key = 1;
    fresh->next = top ? top : &sentinel;
    top = fresh;
  }
  int count = 0;
  for (struct item *at = top; at; at = at->next) {
    count++;
    if (at->key < 100)
      continue;
    if (count > 10)
      reach_error();
  }
  return 0;
}
