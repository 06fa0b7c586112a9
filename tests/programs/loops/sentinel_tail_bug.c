// RUN: --loops=auto --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 38
// sentinel_tail_proved.c with a bug: a key above 5 makes a node of key 7,
// which the walk to the sentinel finds. Found with inputs that fail
// natively.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
int main(void) {
  struct node *sentinel = malloc(sizeof *sentinel);
  if (!sentinel)
    return 0;
  sentinel->key = 0;
  sentinel->next = 0;
  struct node *list = malloc(sizeof *list);
  if (!list)
    return 0;
  list->key = 5;
  list->next = sentinel;
  struct node *end = list;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    if (!n)
      return 0;
    int k = __VERIFIER_nondet_int();
    n->key = k > 5 ? 7 : 5;
    n->next = sentinel;
    end->next = n;
    end = n;
  }
  for (struct node *p = list; p != sentinel; p = p->next)
    if (p->key != 5)
      reach_error();
  return 0;
}
