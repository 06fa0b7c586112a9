// RUN: --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 33
// The list's builder writes the node before the one it adds (a node of
// the region other than the new one): a key of 200 is reachable.
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
    fresh->key = 1;
    fresh->next = top;
    if (top && __VERIFIER_nondet_int())
      top->key = 200;
    top = fresh;
  }
  int sum = 0;
  for (struct item *at = top; at; at = at->next) {
    if (at->key > 100)
      sum++;
  }
  // (the walk counts; the error is past it)
  if (sum)
    reach_error();
  return 0;
}
