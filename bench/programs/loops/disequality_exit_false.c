// As disequality_exit_true, but the counter starts at 1: for n == 0 it
// never meets n and runs off the array.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int a[100000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000)
    return 0;
  for (int i = 1; i != n; i++)
    a[i] = i;
  return 0;
}
