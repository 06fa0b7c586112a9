/* Collatz with independent inputs: two inputs in 1..16, each runs its own
   Collatz chain to 1 (at most 20 steps). Their constraints never share a
   variable, so constraint independence can drop the first chain's long
   path condition from every query about the second. The bomb fires for a
   pair of stopping times. Verdict false. */
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

static unsigned collatz(unsigned n, unsigned limit) {
  unsigned steps = 0;
  while (n != 1 && steps < limit) {
    if (n & 1)
      n = 3 * n + 1;
    else
      n = n >> 1;
    ++steps;
  }
  return steps;
}

int main(void) {
  unsigned a = __VERIFIER_nondet_uint();
  unsigned b = __VERIFIER_nondet_uint();
  __VERIFIER_assume(a >= 1 && a <= 16);
  __VERIFIER_assume(b >= 1 && b <= 16);
  unsigned sa = collatz(a, 20), sb = collatz(b, 20);
  if (sa == 9 && sb == 17)
    reach_error();
  return 0;
}
