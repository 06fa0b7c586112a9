// The loop leaves on `i != n`: in bounds only because i <= n holds at
// the head, an ordering rather than an equality.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int a[100000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000)
    return 0;
  int i = 0, j = 0;
  while (i != n) {
    a[i] = j;
    i++;
    j += 3;
  }
  if (j != 3 * n)
    reach_error();
  return 0;
}
