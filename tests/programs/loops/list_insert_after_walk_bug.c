// RUN: --loops=auto --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 44
// list_insert_after_walk_proved.c with the bug: the inserted node's key is
// one below the window. Found past the loops' summaries, with inputs that
// fail natively.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
int main(void) {
  int low = __VERIFIER_nondet_int();
  if (low < 0 || low > 1000)
    return 0;
  struct node *list = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    if (!n)
      return 0;
    int key = __VERIFIER_nondet_int();
    n->key = key >= low && key < low + 10 ? key : low;
    n->next = list;
    list = n;
  }
  struct node *last = malloc(sizeof *last);
  if (!last)
    return 0;
  last->key = low - 1;
  last->next = 0;
  if (!list) {
    list = last;
  } else {
    struct node *p = list;
    while (p->next && __VERIFIER_nondet_int())
      p = p->next;
    last->next = p->next;
    p->next = last;
  }
  for (struct node *p = list; p; p = p->next)
    if (p->key < low || p->key >= low + 10)
      reach_error();
  return 0;
}
