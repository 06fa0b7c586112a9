// RUN: --loops=auto --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 33
// list_field_pair_proved.c with a bug: the filter turns away colour 2
// with size 0 only once the stack is not empty, so a first piece of
// colour 2 and size 0 stays. Found with inputs that fail natively.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct piece {
  struct piece *below;
  int colour;
  int size;
};
int main(void) {
  struct piece *stack = 0;
  while (__VERIFIER_nondet_int()) {
    int colour = __VERIFIER_nondet_int(), size = __VERIFIER_nondet_int();
    if (colour < 0 || colour > 3 || size < 0 || size > 2)
      continue;
    if (stack != 0 && colour == 2 && size == 0)
      continue;
    struct piece *p = malloc(sizeof(struct piece));
    if (p == 0)
      return 0;
    p->colour = colour;
    p->size = size;
    p->below = stack;
    stack = p;
  }
  for (struct piece *p = stack; p != 0; p = p->below)
    if (p->colour == 2 && p->size == 0)
      reach_error();
  return 0;
}
