// VERDICT: false
// ERROR: assert 21
// Partially initialised array: a later check claims a value never appears.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void reach_error() { }

int main(void) {
  int a[8] = {0};
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 8);
  for (int i = 0; i < n; i++)
    a[i] = i + 1;
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k < 8);
  if (k < n && a[k] != k + 1)
    reach_error();
  if (k >= n && a[k] != 0)
    reach_error();
  if (a[k] == 8)
    reach_error();                    // BUG: assert
  return 0;
}
