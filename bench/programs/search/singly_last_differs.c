// Issue 19: a list of nondeterministic length whose head keeps its first
// value only when the loop runs at least once. Depth-first search dives
// into the loop forever; the error is behind the loop's exit.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int h; struct node *n; };
int main(void) {
  struct node *a = malloc(sizeof *a), *p = a;
  if (!a) return 0;
  while (__VERIFIER_nondet_int()) {
    p->h = 2;
    struct node *t = malloc(sizeof *t);
    if (!t) return 0;
    p->n = t; p = t;
  }
  p->h = 3;
  if (a->h == 2) reach_error();
  return 0;
}
