// nla-digbench style: z accumulates a, b times; z == a*b (modulo 2^32).
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);
static void check(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  if (b < 0)
    return 0;
  int x = a, y = b, z = 0;
  while (y != 0) {
    z += x;
    y--;
  }
  check(z == a * b);
  return 0;
}
