// RUN: --loops=auto --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 47
// list_marked_successor_proved.c with a bug: a marked node may be
// appended without its unmarked follower, so a walk that finds it as the
// list's last node steps to null. Found with inputs that fail natively.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct cell {
  struct cell *link;
  int tag;
};
int main(void) {
  struct cell *first = malloc(sizeof *first);
  if (!first)
    return 0;
  first->link = 0;
  first->tag = 0;
  struct cell *last = first;
  while (__VERIFIER_nondet_int()) {
    struct cell *n = malloc(sizeof *n);
    if (!n)
      return 0;
    n->link = 0;
    last->link = n;
    last = n;
    if (__VERIFIER_nondet_int()) {
      n->tag = 0;
    } else {
      n->tag = 1;
      if (__VERIFIER_nondet_int())
        continue;
      struct cell *m = malloc(sizeof *m);
      if (!m)
        return 0;
      m->link = 0;
      m->tag = 0;
      n->link = m;
      last = m;
    }
  }
  for (struct cell *p = first; p; p = p->link) {
    if (p->tag == 1) {
      p = p->link;
      if (!p || p->tag != 0)
        reach_error();
    }
  }
  return 0;
}
