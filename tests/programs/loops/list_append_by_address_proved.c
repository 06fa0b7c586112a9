// RUN: --loops=summarize --timeout=60
// NO-REPLAY: no error, and every list length; list_append_by_address_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.refuted_over_cells >= 1
// A list built by a helper that appends through the list's address
// (`push(&list, key)`), keys in a window above `low`, then walked: every key
// is in the window. The local `list` is memory, not a register: the loop
// carries the pointer it holds as a phi's, null or a node of the region of
// the nodes the helper allocates, and the walk's invariant over one cell
// relates its key to `low`, which the loop leaves unchanged.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
static void push(struct node **list, int key) {
  struct node *n = malloc(sizeof *n);
  if (!n)
    abort();
  n->next = *list;
  n->key = key;
  *list = n;
}
int main(void) {
  struct node *list = 0;
  int low = __VERIFIER_nondet_int();
  if (low < 0 || low > 1000)
    return 0;
  while (__VERIFIER_nondet_int()) {
    int key = __VERIFIER_nondet_int();
    if (key >= low && key < low + 50)
      push(&list, key);
  }
  for (struct node *p = list; p; p = p->next)
    if (p->key < low || p->key >= low + 50)
      reach_error();
  return 0;
}
