// RUN: --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 30
// The walk reads each node's label through its pointer to another type
// (a string literal the builder chose by the weight): the label's bytes
// are read from the literal the pointer holds. Found with inputs that
// fail natively.
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
    n->weight = w;
    n->label = w > 50 ? "heavy" : "light";
    n->next = list;
    list = n;
  }
  for (struct item *p = list; p; p = p->next)
    if (p->label[0] == 'h' && p->weight > 70)
      reach_error(); // BUG: assert
  return 0;
}
