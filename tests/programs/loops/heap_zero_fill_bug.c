// RUN: --loops=auto --horn-timeout=10
// VERDICT: false
// ERROR: assert 22
// STATS: loop_summaries.summarized >= 1
// The fill stops one cell short and the last cell is written 7: found
// with an input that fails natively.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000)
    return 0;
  int *a = malloc(n * sizeof(int));
  if (!a)
    return 0;
  for (int i = 0; i < n - 1; i++)
    a[i] = 0;
  a[n - 1] = 7;
  for (int j = 0; j < n; j++)
    if (a[j] != 0)
      reach_error();
  free(a);
  return 0;
}
