// loop-zilu style: a and b move together except once every 1000 steps.
extern unsigned __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void reach_error(void);
static void check(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned a = 0, b = 0;
  for (unsigned i = 0; i < n; i++) {
    a += 2;
    if (i % 1000 == 999)
      b += 3;
    else
      b += 2;
  }
  check(a == b);
  return 0;
}
