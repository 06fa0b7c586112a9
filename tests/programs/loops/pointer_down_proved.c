// RUN: --loops=auto
// VERDICT: true
// A pointer walks down from an input end to the array's start: its offset
// (p - a, from `a + n - 16` after the unrolled visits, a GEP's sign-extended
// index in elements) stays in 0 .. n, so every write is in bounds.
extern int __VERIFIER_nondet_int(void);
int a[100000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000)
    return 0;
  for (int *p = a + n; p != a;) {
    --p;
    *p = 0;
  }
  return 0;
}
