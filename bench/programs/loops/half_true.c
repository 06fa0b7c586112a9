// loop-invgen style: k falls by one while i climbs by two.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);
static void check(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000)
    return 0;
  int i = 0, k = n;
  while (i < n) {
    k--;
    i += 2;
  }
  check(2 * k >= n - 1);
  return 0;
}
