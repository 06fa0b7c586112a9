// RUN: --loops=auto
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// A counter that leaves on `i != n` (not `i < n`): the bound i <= n that
// keeps a[i] in bounds is an ordering the sampled states suggest and
// Houdini checks; Spacer alone blocks one value of i at a time.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int a[100000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000)
    return 0;
  for (int i = 0; i != n; i++)
    a[i] = i;
  return 0;
}
