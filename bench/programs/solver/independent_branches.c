/* Many independent inputs, every branch kept: eight nondet ints, each
   bounded and then compared with its own threshold after a little affine
   arithmetic (2^8 paths). Every path condition mixes eight unrelated
   variables, but each branch involves one of them: independence shrinks
   each query to a constraint or two, and the parent path's model answers
   most branches. The bomb: a particular weighted count of the inputs above
   their thresholds. Verdict false. */
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

#define N 8

int main(void) {
  int x[N];
  for (int i = 0; i < N; ++i) {
    x[i] = __VERIFIER_nondet_int();
    __VERIFIER_assume((x[i] > -100000) & (x[i] < 100000));
  }
  int score = 0;
  for (int i = 0; i < N; ++i)
    if (7 * x[i] + 13 * i > 1000 * (i - 5))
      score += i + 1;
  if (score == 20)
    reach_error();
  return 0;
}
