// Each cell holds twice its index; any cell below n is checked.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 1000
int main(void) {
  int a[N];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > N)
    return 0;
  for (int i = 0; i < n; i++)
    a[i] = 2 * i;
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < n && a[k] != 2 * k)
    reach_error();
  return 0;
}
