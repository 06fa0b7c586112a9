/* Collatz logic bomb (seed 004, after Xu et al.): one input in 1..64 runs
   through the Collatz map until it reaches 1 (at most 25 steps); the bomb
   goes off for a particular stopping time. Long path conditions over one
   variable: independence cannot split them, model reuse and incremental
   solving can help. Verdict false. */
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 1 && n <= 64);
  unsigned steps = 0;
  while (n != 1 && steps < 25) {
    if (n % 2 == 0)
      n = n / 2;
    else
      n = 3 * n + 1;
    ++steps;
  }
  if (steps == 17)
    reach_error();
  return 0;
}
