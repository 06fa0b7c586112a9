// RUN: --loops=auto
// VERDICT: true
// STATS: loop_summaries.summarized == 0
// Loops of 70,000 iterations with constant bounds (SV-COMP's array idiom):
// their exit comparisons, sampled at the 65,536th arrival, predict their
// end soon after, so they run to it rather than being summarised; every
// element copied is then the same term as its source, and the check is
// decided without the solver.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 70000
static int a[N], b[N];
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < N; i++)
    b[i] = a[i];
  for (int i = N - 1; i >= 0; i -= 1)
    if (a[i] != b[i])
      reach_error();
  return 0;
}
