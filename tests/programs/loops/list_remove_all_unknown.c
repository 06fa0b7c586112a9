// RUN: --loops=auto --timeout=2
// NO-REPLAY: thousands of completed paths (every short list) in its two seconds; list_*_bug.c replay theirs
// VERDICT: unknown
// Seed 001's listing 1 (RemoveAll, then Contains) in C, correct. Not
// proved yet. Its loops are summarised (the list's nodes are a node
// region, RemoveAll's sentinel on the stack and its pointer into the
// region are carried; Contains, past RemoveAll's summary, at its second
// arrival). The question about Contains's first node is refuted over
// single cells; the second node's with the node RemoveAll's pointer is at
// beside each cell (facts ordered against the pointer: unlinked between
// its link and it, walked above it), in about 12 s (--horn-timeout=60).
// The summary's question about Contains's pointer at the sentinel (whose
// key is x) is refuted over single cells in about 1 s: no node's link is
// the sentinel's address. Its question about a node whose key is x is
// not: Contains needs each node with another key to link to one with
// another key or to none, and RemoveAll the same above its pointer and
// every node below it unlinked once its link is null. The run ends at its
// limit -- never with a wrong verdict.
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
