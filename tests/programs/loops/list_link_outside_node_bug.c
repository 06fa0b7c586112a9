// RUN: --loops=summarize --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 41
// STATS: loop_summaries.not_summarized >= 1
// STATS: loop_summaries.confirmed_by_run >= 1
// A walk over pushed nodes that may redirect a node's link to a node made
// before the walk (`stop`, key 1000): that node is then on the list, and
// the check after it finds its key. The walk's summary is refused (an
// iteration links a node its head does not take as a link's value: a
// summary assuming the links hold only the pushed nodes would miss it);
// the path past the first walk's summary reaches the error, confirmed by
// a run of the program, and replays natively.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *next;
};
int main(void) {
  struct node *list = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    if (!n)
      return 0;
    n->key = 1;
    n->next = list;
    list = n;
  }
  struct node *stop = malloc(sizeof *stop);
  if (!stop)
    return 0;
  stop->key = 1000;
  stop->next = 0;
  for (struct node *p = list; p; p = p->next)
    if (__VERIFIER_nondet_int())
      p->next = stop;
  int sum = 0;
  for (struct node *p = list; p; p = p->next)
    if (p->key == 1000)
      reach_error();
  return sum;
}
