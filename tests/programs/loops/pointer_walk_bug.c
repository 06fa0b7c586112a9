// RUN: --loops=auto
// VERDICT: false
// ERROR: out-of-bounds 15
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.at_reported_places >= 1
// `<=` walks one element past the end of a heap array of input size.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 1000)
    return 0;
  int *a = malloc(sizeof(int) * (size_t)n);
  if (!a) return 0;
  for (int *p = a; p <= a + n; p++) *p = 0; // BUG: one past the end
  free(a);
  return 0;
}
