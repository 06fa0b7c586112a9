// nla-digbench style: integer square root by odd increments, a wrong claim
// for one input.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);
static void check(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10000)
    return 0;
  int a = 0, s = 1, t = 1;
  while (s <= n) {
    a++;
    t += 2;
    s += t;
  }
  check(a * a <= n && n < (a + 1) * (a + 1) && n != 9999);
  return 0;
}
