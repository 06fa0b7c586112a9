// VERDICT: false
// ERROR: assert 15
// SV-COMP style: the claimed bound on the sum is wrong for n == 10.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void reach_error() { }

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 10);
  int sum = 0;
  for (int i = 1; i <= n; i++)
    sum += i;
  if (sum >= 50)
    reach_error();                    // BUG: assert
  return 0;
}
