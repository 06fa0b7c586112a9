// RUN: --loops=auto --timeout=2
// NO-REPLAY: thousands of completed paths (every short list) in its two seconds; list_*_bug.c replay theirs
// VERDICT: unknown
// Seed 001's listing 1 (RemoveAll, then Contains) in C, correct. Not
// proved yet: the list's nodes are a node region, but RemoveAll's pointer
// starts at a sentinel on the stack (a pointer that moves from one object
// into a region, and a stack object whose link the loop writes, are not
// carried), and the invariant speaks of reachability (every node from the
// sentinel to p has a key other than x: a fact of two cells, one linking
// to the other), which facts over one cell do not express. The run ends
// at its limit -- never with a wrong verdict.
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
    if (p->next->key == x)
      p->next = p->next->next;
    else
      p = p->next;
  }
  // Contains.
  for (p = head.next; p; p = p->next)
    if (p->key == x)
      reach_error();
  return 0;
}
