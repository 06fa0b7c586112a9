// RUN: --loops=auto --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 47
// tree_keys_proved.c with a bug: only the root's key is clamped; a later
// one may be 100 (a remainder by 101), which the search asserts no key it
// passes is. Found with inputs that fail natively (two nodes at least, and
// a search that goes their way).
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
    int raw = __VERIFIER_nondet_int();
    // The bug: only the root's key is clamped.
    int k = raw % 101;
    if (!root && (k < 0 || k >= 100))
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
