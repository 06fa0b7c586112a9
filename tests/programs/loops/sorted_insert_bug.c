// RUN: --loops=auto --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 40
// sorted_insert_proved.c with a bug: only the first node's value is
// clamped; a later one may be 100 (a remainder by 101), which the walk
// after the loop asserts no value is. Found with inputs that fail
// natively (two nodes at least).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item {
  int value;
  struct item *next;
};
static int clamp(int v) { return v < 0 || v >= 100 ? 50 : v; }
int main(void) {
  struct item *first = 0;
  while (__VERIFIER_nondet_int()) {
    struct item *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    int raw = __VERIFIER_nondet_int();
    // The bug: only the first node's value is clamped.
    int v = first ? raw % 101 : clamp(raw);
    fresh->value = v;
    fresh->next = 0;
    if (!first || v <= first->value) {
      fresh->next = first;
      first = fresh;
      continue;
    }
    struct item *at = first;
    while (at->next && at->next->value < v)
      at = at->next;
    fresh->next = at->next;
    at->next = fresh;
  }
  for (struct item *p = first; p; p = p->next)
    if (p->value >= 100)
      reach_error();
  return 0;
}
