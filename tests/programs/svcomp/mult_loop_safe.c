// VERDICT: true
// Multiplication by repeated addition equals a * b.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void reach_error() { }

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  __VERIFIER_assume(a >= -50 && a <= 50);
  __VERIFIER_assume(b >= 0 && b <= 10);
  int r = 0;
  for (int i = 0; i < b; i++)
    r += a;
  if (r != a * b)
    reach_error();
  return 0;
}
