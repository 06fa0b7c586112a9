// VERDICT: true
// STATS: loop_summaries.summarized >= 3
// STATS: loop_summaries.refuted_over_cells >= 4
// STATS: loop_summaries.undecided == 0
// STATS: loop_summaries.asked_longer >= 1
// STATS: loop_summaries.runs_not_repeated >= 1
// STATS: loop_summaries.houdini_checks_beside >= 1
// Seed 001's listing 1 (RemoveAll, then Contains) in C, correct: proved
// for lists of any length, over cells with the node RemoveAll's pointer
// is at and each node's successor beside each cell (CellTemplates.cpp):
// the builder links each node but the first to the one before; RemoveAll
// leaves every node above its pointer whose key is not x linked to one
// whose key is not x (or to none), and every node below it unlinked once
// its pointer's link is null; Contains starts at a node whose key is not
// x. About 7 s of Horn questions (about 4.5 s of them the first over a
// cell's successor and the pointer's node, asked before the successor
// alone as RemoveAll relinks nodes; the later ones check its invariants
// first), beyond the default --horn-timeout: with default options (no
// --timeout) each question past the builder gets 16 times as long, and
// the run proves it in about 9 s (seed 001 asks for 10 s). Two of that
// view's four slow Houdini clauses are shown in a child process beside
// the other two. Its five error candidates' runs on their models mostly
// pin the inputs alike: those runs are not repeated.
// list_remove_all_bug.c finds the bug.
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
