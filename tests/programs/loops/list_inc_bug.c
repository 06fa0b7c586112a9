// RUN: --loops=auto --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 30
// Seed 001's listing 3 (Inc over a list) in C, with a bug: the list is
// built by a loop of input length from keys below 101, and Inc asserts
// each key is below 100. Found with inputs that fail natively (a key of
// 100). A loop over nodes runs its first arrivals before it is
// summarised: the run stops at the first error, a short list's.
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
    q->key = k < 0 || k > 100 ? 0 : k;
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
