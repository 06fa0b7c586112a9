// VERDICT: false
// ERROR: assert 28
// A forgotten `break` makes SUB fall into MUL.
#include <cosmo.h>

enum op { ADD, SUB, MUL, NEG };

static int apply(enum op o, int a, int b) {
  int r = 0;
  switch (o) {
  case ADD: r = a + b; break;
  case SUB: r = a - b;
  case MUL: r = a * b; break;
  case NEG: r = -a; break;
  }
  return r;
}

int main(void) {
  int o, a, b;
  cosmo_symbolic(&o, sizeof o, "o");
  cosmo_symbolic(&a, sizeof a, "a");
  cosmo_symbolic(&b, sizeof b, "b");
  cosmo_assume(o >= ADD && o <= NEG);
  cosmo_assume(a >= 0 && a <= 10 && b >= 0 && b <= 10);
  int r = apply((enum op)o, a, b);
  if (o == ADD) cosmo_assert(r == a + b);
  if (o == SUB) cosmo_assert(r == a - b);   // BUG: assert
  if (o == NEG) cosmo_assert(r <= 0);
  return 0;
}
