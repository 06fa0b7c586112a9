// loop-acceleration style: the second loop counts to where the first stopped.
extern unsigned __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void reach_error(void);
static void check(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, j = 0;
  while (i < n)
    i++;
  while (j < i)
    j++;
  check(j == n);
  return 0;
}
