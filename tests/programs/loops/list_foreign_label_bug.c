// RUN: --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 30
// list_foreign_label_proved.c with the bug: a weight of 101 passes the
// builder's check. Found with inputs that fail natively.
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
    if (w < 0 || w > 101)
      w = 0;
    n->weight = w;
    n->label = w > 50 ? "heavy" : "light";
    n->next = list;
    list = n;
  }
  for (struct item *p = list; p; p = p->next)
    if (p->weight > 100)
      reach_error(); // BUG: assert
  return 0;
}
