// RUN: --loops=auto --horn-timeout=10
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// An array filled with an input up to an input bound, then every cell
// checked: the first loop's invariant quantifies over the array's elements
// (for all k < i: a[k] == v), proposed by Spacer over arrays of integers
// and checked over cosmo's byte arrays.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 100
int main(void) {
  int a[N];
  int n = __VERIFIER_nondet_int();
  int v = __VERIFIER_nondet_int();
  if (n < 0 || n > N)
    return 0;
  for (int i = 0; i < n; i++)
    a[i] = v;
  for (int j = 0; j < n; j++)
    if (a[j] != v)
      reach_error();
  return 0;
}
