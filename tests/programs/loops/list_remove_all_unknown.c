// RUN: --loops=auto --timeout=2
// NO-REPLAY: thousands of completed paths (every short list) in its two seconds; list_*_bug.c replay theirs
// VERDICT: unknown
// Seed 001's listing 1 (RemoveAll, then Contains) in C, correct. Not
// proved yet. Its loops are summarised (the list's nodes are a node
// region, RemoveAll's sentinel on the stack and its pointer into the
// region are carried). The question about Contains's first node is
// refuted with the node RemoveAll's pointer is at beside each cell (facts
// ordered against the pointer: unlinked between its link and it, walked
// above it), but only in about 18 s (--horn-timeout=60), and the second
// node's with --horn-timeout=80. Contains runs four arrivals before it is
// summarised, each node a question: a proof by default needs each in well
// under a second. The run ends at its limit -- never with a wrong verdict.
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
