// RUN: --loops=auto --loop-unroll=1 --timeout=60 --horn-timeout=60
// VERDICT: true
// STATS: loop_summaries.summarized >= 3
// STATS: loop_summaries.refuted_by_horn >= 3
// Three loops in a row: the first two fill a budget from two inputs, the
// third spends it one unit per step for as many steps as the inputs sum
// to. Each arrival at a loop is summarised and its error candidates go to
// the Horn solver before any long run on their models (runs of up to two
// million iterations, which a correct program would pay for each one).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  if (a < 0 || b < 0 || a > 1000000 || b > 1000000)
    return 0;
  int budget = 0;
  for (int i = 0; i < a; ++i)
    budget += 1;
  for (int j = b; j > 0; --j)
    budget += 1;
  for (int spent = 0; spent < a + b; ++spent) {
    if (budget <= 0)
      reach_error();
    budget -= 1;
  }
  return 0;
}
