// VERDICT: false
// ERROR: div-by-zero 26
// ERROR: null-deref 29
// ERROR: out-of-bounds 32
// ERROR: assert 35
// A command interpreter with a different bug behind each opcode.
#include <cosmo.h>
#include <stddef.h>

static int regs[4];

static int *reg(int r) {
  if (r < 0 || r > 3)
    return NULL;
  return &regs[r];
}

int main(void) {
  int op, a, b;
  cosmo_symbolic(&op, sizeof op, "op");
  cosmo_symbolic(&a, sizeof a, "a");
  cosmo_symbolic(&b, sizeof b, "b");
  cosmo_assume(a >= 0 && a <= 100 && b >= -1 && b <= 4);
  switch (op) {
  case 0:
    regs[0] = a / b;                  // BUG: div-by-zero
    break;
  case 1:
    *reg(b) = a;                      // BUG: null-deref
    break;
  case 2:
    regs[b + 1] = a;                  // BUG: out-of-bounds
    break;
  case 3:
    cosmo_assert(a != 2 * b + 50);    // BUG: assert
    break;
  default:
    break;
  }
  return 0;
}
