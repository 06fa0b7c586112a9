// RUN: --loops=summarize --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 35
// list_append_by_address_proved.c with a bug: the helper is given keys up to
// `low + 50`, one past the window the walk checks. Found past the loop's
// summary (its Horn question refuted, the loop unrolled to a list of the key
// `low + 50`), with inputs that fail natively.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
static void push(struct node **list, int key) {
  struct node *n = malloc(sizeof *n);
  if (!n)
    abort();
  n->next = *list;
  n->key = key;
  *list = n;
}
int main(void) {
  struct node *list = 0;
  int low = __VERIFIER_nondet_int();
  if (low < 0 || low > 1000)
    return 0;
  while (__VERIFIER_nondet_int()) {
    int key = __VERIFIER_nondet_int();
    if (key >= low && key <= low + 50)
      push(&list, key);
  }
  for (struct node *p = list; p; p = p->next)
    if (p->key < low || p->key >= low + 50)
      reach_error();
  return 0;
}
