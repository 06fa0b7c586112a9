// loop-invgen style: count up to n, then down from n with the same counter.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);
static void check(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, k = 0;
  while (i < n) {
    i++;
    k++;
  }
  int j = n;
  while (j > 0) {
    check(k > 0);
    j--;
    k--;
  }
  return 0;
}
