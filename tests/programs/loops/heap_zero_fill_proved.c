// RUN: --loops=auto --horn-timeout=10
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// A block of an input size filled with zeros, then every cell checked:
// the fill's invariant (every cell below i is 0) is the loop's own
// template; Spacer over the integers does not find it for a constant.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000)
    return 0;
  int *a = malloc(n * sizeof(int));
  if (!a)
    return 0;
  for (int i = 0; i < n; i++)
    a[i] = 0;
  for (int j = 0; j < n; j++)
    if (a[j] != 0)
      reach_error();
  free(a);
  return 0;
}
