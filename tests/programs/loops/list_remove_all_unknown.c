// RUN: --loops=auto --timeout=2
// NO-REPLAY: thousands of completed paths (every short list) in its two seconds; list_*_bug.c replay theirs
// VERDICT: unknown
// STATS: loop_summaries.not_summarized >= 1
// Seed 001's listing 1 (RemoveAll, then Contains) in C, correct. Not
// proved yet: besides heap regions for the list a loop builds, its
// invariant speaks of reachability (every node from the sentinel to p
// has a key other than x), which Spacer's quantifier-free and quantified
// lemmas over arrays do not express. Every length is unrolled and the
// run ends at its limit -- never with a wrong verdict.
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
