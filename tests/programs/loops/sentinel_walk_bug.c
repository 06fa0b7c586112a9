// RUN: --loops=auto --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 35
// sentinel_walk_proved.c with a bug: the last walk starts at the sentinel,
// whose key is -1.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
int main(void) {
  struct node *list = 0;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    struct node *q = malloc(sizeof *q);
    if (!q)
      return 0;
    int k = __VERIFIER_nondet_int();
    q->key = k < 0 ? 0 : k;
    q->next = list;
    list = q;
  }
  struct node head = {-1, list};
  struct node *p = &head;
  while (p->next) {
    if (p->next->key == 0)
      p->next = p->next->next;
    else
      p = p->next;
  }
  for (p = &head; p; p = p->next)
    if (p->key < 0)
      reach_error();
  return 0;
}
