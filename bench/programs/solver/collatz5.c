/* Collatz with three independent inputs (each in 1..6) advanced in lock
   step: every round moves each chain that has not yet reached 1 by one
   step, so the path condition interleaves constraints over three unrelated
   variables. The bomb is the iteration count: all three reach 1 in exactly
   7 rounds. Verdict false. */
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

int main(void) {
  unsigned x[3];
  for (int i = 0; i < 3; ++i) {
    x[i] = __VERIFIER_nondet_uint();
    __VERIFIER_assume(x[i] >= 1 && x[i] <= 6);
  }
  unsigned rounds = 0;
  while ((x[0] != 1 || x[1] != 1 || x[2] != 1) && rounds < 20) {
    for (int i = 0; i < 3; ++i) {
      if (x[i] == 1)
        continue;
      if (x[i] & 1)
        x[i] = 3 * x[i] + 1;
      else
        x[i] = x[i] >> 1;
    }
    ++rounds;
  }
  if (rounds == 7)
    reach_error();
  return 0;
}
