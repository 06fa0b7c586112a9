// Fill an array with an input, then check every cell (loop-acceleration
// style): needs a quantified invariant, for all k < i: a[k] == v.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 1000
int main(void) {
  int a[N];
  int n = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  if (n < 0 || n > N)
    return 0;
  for (int i = 0; i < n; i++)
    a[i] = v;
  for (int j = 0; j < n; j++)
    if (a[j] != v)
      reach_error();
  return 0;
}
