// RUN: --loops=auto
// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.refuted_over_cells >= 1
// STATS: loop_summaries.undecided == 0
// A list built through two helpers: `prepend(&head, v)` links a node that
// `make(v)` allocates, and every value given is even; then a walk checks
// that every value is even. The loop's list head is memory (its address
// is passed), not a value the loop carries, and the allocation is two
// calls down: --loops=auto finds it there (LoopSummarizer.cpp,
// allocatesOrWalksNodes) and summarises the loop from its first arrival,
// so that the list of any length is a region of cells. Unrolled instead,
// the loop would never end. list_prepend_helpers_bug.c finds the bug.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item {
  int value;
  struct item *next;
};
static struct item *make(int value) {
  struct item *it = malloc(sizeof *it);
  if (!it)
    abort();
  it->value = value;
  it->next = 0;
  return it;
}
static void prepend(struct item **head, int value) {
  struct item *it = make(value);
  it->next = *head;
  *head = it;
}
int main(void) {
  struct item *head = 0;
  while (__VERIFIER_nondet_int()) {
    int v = __VERIFIER_nondet_int();
    prepend(&head, v & ~1);
  }
  for (struct item *p = head; p; p = p->next)
    if (p->value & 1)
      reach_error();
  return 0;
}
