// RUN: --loops=auto --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 66
// STATS: paths_errored == 1
// A binary search tree: keys are inserted while the input says so (no
// bound on their number), then the last key inserted is searched for.
// The search goes left for a larger key, the insertion right: with two
// keys, the second larger, the search misses it. Found with inputs that
// fail natively. (The correct search is not proved: a walk that picks one
// of two links per step is outside the cell views of loops/, which follow
// one.)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct node {
  int key;
  struct node *left, *right;
};

static struct node *insert(struct node *root, struct node *n) {
  if (!root)
    return n;
  struct node *p = root;
  for (;;) {
    struct node **next = n->key < p->key ? &p->left : &p->right;
    if (!*next) {
      *next = n;
      return root;
    }
    p = *next;
  }
}

static int contains(const struct node *p, int key) {
  while (p) {
    if (p->key == key)
      return 1;
    p = key > p->key ? p->left : p->right;
  }
  return 0;
}

static void release(struct node *p) {
  if (!p)
    return;
  release(p->left);
  release(p->right);
  free(p);
}

int main(void) {
  struct node *root = 0;
  int last = 0, any = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    if (!n)
      return 0;
    n->key = __VERIFIER_nondet_int();
    n->left = n->right = 0;
    root = insert(root, n);
    last = n->key;
    any = 1;
  }
  if (any && !contains(root, last))
    reach_error();
  release(root);
  return 0;
}
