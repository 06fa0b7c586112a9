// RUN: --loops=auto --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 38
// list_extended_by_second_loop_proved.c with the bug: the second loop
// marks a node 6 when an input says so, which the walk asserts no node
// has. Found with inputs that fail natively.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item {
  int mark;
  struct item *after;
};
int main(void) {
  struct item *start = malloc(sizeof *start);
  if (!start)
    return 0;
  struct item *end = start;
  while (__VERIFIER_nondet_int()) {
    end->mark = 5;
    struct item *made = malloc(sizeof *made);
    if (!made)
      return 0;
    end->after = made;
    end = made;
  }
  while (__VERIFIER_nondet_int()) {
    end->mark = __VERIFIER_nondet_int() == 3 ? 6 : 7;
    struct item *made = malloc(sizeof *made);
    if (!made)
      return 0;
    end->after = made;
    end = made;
  }
  end->mark = 0;
  for (struct item *at = start; at->mark != 0; at = at->after)
    if (at->mark != 5 && at->mark != 7)
      reach_error();
  return 0;
}
