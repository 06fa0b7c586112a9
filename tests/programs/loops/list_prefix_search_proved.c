// RUN: --timeout=60 --horn-timeout=60
// NO-REPLAY: no error, and every list length
// VERDICT: true
// A list of at least four nodes keyed by their position (`n < 4 ||
// nondet()`), then searched for keys 1 and 3: both found. Proved because
// the building loop is summarised from its last arrival whose exit was
// still concrete, the fifth: its first four nodes stay objects of their
// own, and the search runs over them before its own summary, with both
// keys found. Summarised from its first arrival, the region's cells would
// need a fact that some cell holds each key.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
int main(void) {
  struct node *head = malloc(sizeof *head);
  if (!head)
    return 0;
  struct node *p = head;
  int n = 0;
  while (n < 4 || __VERIFIER_nondet_int()) {
    p->key = n;
    struct node *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    p->next = fresh;
    p = fresh;
    n++;
  }
  p->key = n;
  p->next = 0;
  int one = 0, three = 0;
  for (p = head; p; p = p->next) {
    if (p->key == 1)
      one = 1;
    if (p->key == 3)
      three = 1;
  }
  if (!one || !three)
    reach_error();
  return 0;
}
