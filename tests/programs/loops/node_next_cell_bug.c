// RUN: --target=errors --timeout=60
// VERDICT: false
// ERROR: out-of-bounds 32
// Each node is a block of its own: `at + 1` is past the end of the block,
// not the next node, although the nodes of a summarised loop are cells of
// one region side by side.
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
    top = fresh;
  }
  int sum = 0;
  for (struct item *at = top; at; at = at->next) {
    if (at->next)
      sum += at->key;
    else
      sum += 0;
    if (sum > 6)
      sum += (at + 1)->key;
  }
  return sum == 12345;
}
