// One write too many: a[N] when n == N (an out-of-bounds write).
extern int __VERIFIER_nondet_int(void);
#define N 1000
int main(void) {
  int a[N];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > N)
    return 0;
  for (int i = 0; i <= n; i++)
    a[i] = i;
  return a[0];
}
