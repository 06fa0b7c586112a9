// RUN: --timeout=3
// NO-REPLAY: no error; the run ends at its limit
// VERDICT: unknown
// A correct list freed at the end. A free of a node of a region is not
// modelled yet (no freed mark per cell): the paths that free end cut, so
// the verdict is unknown -- never true without the frees checked. (Under
// --svcomp, whose tasks are memory safe, such a free frees nothing and the
// program is proved: CliTest.SvcompTakesAFreedNodeAsNeverUsedAgain.)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item {
  int key;
  struct item *next;
};
int main(void) {
  struct item *top = 0;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    struct item *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    fresh->key = 5;
    fresh->next = top;
    top = fresh;
  }
  for (struct item *at = top; at; at = at->next)
    if (at->key != 5)
      reach_error();
  while (top) {
    struct item *rest = top->next;
    free(top);
    top = rest;
  }
  return 0;
}
