// A pointer walks an array to an input end (`p != end`) while a counter
// counts: p - a == count at every head.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
long a[200000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 200000)
    return 0;
  long *end = a + n;
  int count = 0;
  for (long *p = a; p != end; ++p) {
    *p = count;
    count++;
  }
  if (count != n)
    reach_error();
  return 0;
}
