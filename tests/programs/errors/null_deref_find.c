// VERDICT: false
// ERROR: null-deref 21
// find() returns NULL when the key is absent; the caller does not check.
#include <cosmo.h>
#include <stddef.h>

struct node { int key, val; struct node *next; };

static struct node *find(struct node *l, int key) {
  for (; l; l = l->next)
    if (l->key == key)
      return l;
  return NULL;
}

int main(void) {
  struct node c = {30, 3, NULL}, b = {20, 2, &c}, a = {10, 1, &b};
  int key;
  cosmo_symbolic(&key, sizeof key, "key");
  struct node *n = find(&a, key);
  int v = n->val;                     // BUG: null-deref
  cosmo_assert(v * 10 == key);
  return 0;
}
