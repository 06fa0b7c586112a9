// RUN: --loops=summarize --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 38
// dll_two_sites_proved.c with a bug: the second site's key may be 3.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
  struct node *prev;
};
int main(void) {
  struct node *first = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    fresh->key = 1;
    fresh->prev = 0;
    fresh->next = first;
    if (first)
      first->prev = fresh;
    first = fresh;
    if (__VERIFIER_nondet_int()) {
      struct node *pair = malloc(sizeof *pair);
      if (!pair)
        return 0;
      pair->key = __VERIFIER_nondet_int() ? 2 : 3;
      pair->prev = 0;
      pair->next = first;
      first->prev = pair;
      first = pair;
    }
  }
  for (struct node *at = first; at; at = at->next)
    if (at->key < 1 || at->key > 2)
      reach_error();
  return 0;
}
