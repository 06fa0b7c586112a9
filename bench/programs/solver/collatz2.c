/* Collatz, fixed length: thirteen steps of the map on a 16-bit input, one
   parity branch per step (an odd step is always followed by an even one, so
   610 parity vectors, one path each). The bomb asks the solver to invert
   the map: which starts land on 1186 after thirteen steps? Verdict false. */
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 1 && n < 65536);
  for (int i = 0; i < 13; ++i) {
    if (n & 1)
      n = 3 * n + 1;
    else
      n = n >> 1;
  }
  if (n == 1186)
    reach_error();
  return 0;
}
