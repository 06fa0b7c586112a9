// The walk stops at `p <= end`: one element past the array when n is
// its size.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
short a[50000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 50000)
    return 0;
  short *end = a + n;
  for (short *p = a; p <= end; ++p)
    *p = 1;
  return 0;
}
