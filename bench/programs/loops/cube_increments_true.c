// nla-digbench style (cohencu): the increments of n*n*n; y == 3n^2 + 3n + 1
// and z == 6n + 6 (unsigned, modulo 2^32).
extern unsigned __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void reach_error(void);
static void check(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  unsigned a = __VERIFIER_nondet_uint();
  unsigned n = 0, x = 0, y = 1, z = 6;
  while (n < a) {
    n++;
    x += y;
    y += z;
    z += 6;
  }
  check(z == 6 * n + 6 && y == 3 * n * n + 3 * n + 1);
  return 0;
}
