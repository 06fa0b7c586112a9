// The fill skips one cell when the array is long enough.
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
    a[i] = i == 700 ? v + 1 : v;
  for (int j = 0; j < n; j++)
    if (a[j] != v)
      reach_error();
  return 0;
}
