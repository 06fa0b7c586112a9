// RUN: --loops=auto --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 43
// Seed 001's listing 1 (RemoveAll, then Contains) in C, with a bug: after
// unlinking a node whose key is x, RemoveAll also steps past the node that
// took its place, so of two adjacent x the second stays and Contains
// reaches its error. Found with inputs that fail natively (two nodes,
// both keys x).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
int main(void) {
  struct node *list = 0;
  int x = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    struct node *q = malloc(sizeof *q);
    if (!q)
      return 0;
    q->key = __VERIFIER_nondet_int();
    q->next = list;
    list = q;
  }
  // RemoveAll: a sentinel before the list, as the listing's `new`.
  struct node head = {x, list};
  struct node *p = &head;
  while (p->next) {
    if (p->next->key == x) {
      p->next = p->next->next;
      if (p->next)
        p = p->next;
    } else {
      p = p->next;
    }
  }
  // Contains.
  for (p = head.next; p; p = p->next)
    if (p->key == x)
      reach_error();
  return 0;
}
