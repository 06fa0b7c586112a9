// VERDICT: true
// Calling through a table of function pointers with a symbolic index.
#include <cosmo.h>

typedef int (*binop)(int, int);

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int max2(int a, int b) { return a > b ? a : b; }

static binop table[4] = {add, sub, mul, max2};

int main(void) {
  unsigned op;
  int a, b;
  cosmo_symbolic(&op, sizeof op, "op");
  cosmo_symbolic(&a, sizeof a, "a");
  cosmo_symbolic(&b, sizeof b, "b");
  cosmo_assume(op < 4);
  cosmo_assume(a >= -100 && a <= 100 && b >= -100 && b <= 100);
  int r = table[op](a, b);
  switch (op) {
  case 0: cosmo_assert(r == a + b); break;
  case 1: cosmo_assert(r == a - b); break;
  case 2: cosmo_assert(r == a * b); break;
  default: cosmo_assert(r >= a && r >= b); break;
  }
  return 0;
}
