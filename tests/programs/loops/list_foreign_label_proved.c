// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.undecided == 0
// Nodes with a pointer to another type (a label, a string literal chosen
// by the weight): the label is the node's data, carried as written, and
// the list is still a node region whose walk is proved over its cells.
// Before, a struct with a pointer other than its links was no node type
// and the builder was unrolled without end.
// list_foreign_label_bug.c and list_foreign_label_deref_bug.c find the
// bugs.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item {
  int weight;
  const char *label;
  struct item *next;
};
int main(void) {
  struct item *list = 0;
  while (__VERIFIER_nondet_int()) {
    struct item *n = malloc(sizeof *n);
    if (!n)
      return 0;
    int w = __VERIFIER_nondet_int();
    if (w < 0 || w > 100)
      w = 0;
    n->weight = w;
    n->label = w > 50 ? "heavy" : "light";
    n->next = list;
    list = n;
  }
  for (struct item *p = list; p; p = p->next)
    if (p->weight > 100)
      reach_error();
  return 0;
}
