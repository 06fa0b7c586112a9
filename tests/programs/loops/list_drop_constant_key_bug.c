// RUN: --loops=auto --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 38
// list_drop_constant_key_proved.c with a bug: after unlinking a node
// scoring 7 the walk also steps to the node that took its place, so of
// two adjacent nodes scoring 7 the second stays. Found with inputs that
// fail natively.
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
    if (at->succ->score == 7) {
      at->succ = at->succ->succ;
      if (at->succ == 0)
        break;
    }
    at = at->succ;
  }
  for (struct item *it = dummy.succ; it != 0; it = it->succ)
    if (it->score == 7)
      reach_error();
  return 0;
}
