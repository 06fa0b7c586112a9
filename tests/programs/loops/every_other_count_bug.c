// RUN: --loops=auto
// VERDICT: false
// ERROR: assert 18
// The same count over an odd bound 2*k + 1 counts k + 1: the check
// that it counted k fails for every k, found with an input that fails
// natively.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 1000000)
    return 0;
  int n = 0;
  for (int i = 0; i < 2 * k + 1; i++)
    if (i % 2 == 0)
      n++;
  if (n != k)
    reach_error();
  return 0;
}
