// A linear search stops on the key: past the loop, a[i] is the key.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 800
int main(void) {
  int a[N];
  int n = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (n < 0 || n > N)
    return 0;
  for (int k = 0; k < n; k++)
    a[k] = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n && a[i] != x)
    i++;
  if (i < n && a[i] != x)
    reach_error();
  return 0;
}
