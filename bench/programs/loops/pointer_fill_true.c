// A pointer fills a zero-initialised global array up to an input bound;
// any cell below it is then checked: a quantified invariant over the
// pointer's offset (for all k < p - a: a[k] == v).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int a[1000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000)
    return 0;
  for (int *p = a; p != a + n; p++)
    *p = v;
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < n && a[k] != v)
    reach_error();
  return 0;
}
