// Seed 001's listing 3 (Inc over a list) in C: a list of input length
// with keys below 100, each asserted below 100 before its increment.
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
    q->key = k < 0 || k >= 100 ? 0 : k;
    q->next = list;
    list = q;
  }
  for (struct node *p = list; p; p = p->next) {
    if (p->key >= 100)
      reach_error();
    p->key = p->key + 1;
  }
  return 0;
}
