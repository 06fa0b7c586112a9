// VERDICT: true
// A tiny bytecode interpreter dispatching with computed goto (GNU C).
#include <cosmo.h>

static int run(const unsigned char *code, int n) {
  static void *dispatch[4] = {&&op_inc, &&op_dec, &&op_dbl, &&op_halt};
  int acc = 0, pc = 0;
next:
  if (pc == n)
    return acc;
  goto *dispatch[code[pc++] & 3];
op_inc:
  acc++;
  goto next;
op_dec:
  acc--;
  goto next;
op_dbl:
  acc *= 2;
  goto next;
op_halt:
  return acc;
}

int main(void) {
  unsigned char code[3];
  cosmo_symbolic(code, sizeof code, "code");
  int acc = run(code, 3);
  cosmo_assert(acc >= -4 && acc <= 4);
  if ((code[0] & 3) == 3)
    cosmo_assert(acc == 0);
  return 0;
}
