// VERDICT: true
// SV-COMP style: Gauss sum with a nondet bound.
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void reach_error() { }

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 10);
  int sum = 0;
  for (int i = 1; i <= n; i++)
    sum += i;
  if (2 * sum != n * (n + 1))
    reach_error();
  return 0;
}
