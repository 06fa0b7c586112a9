// RUN: --check=leak
// VERDICT: false
// ERROR: memory-leak 11
// A function allocates a scratch block and returns without freeing it on
// one path: the return drops the last pointer. Reported at the
// allocation, whether the function runs inline or through its summary.
#include <cosmo.h>
#include <stdlib.h>

static int checksum(int x) {
  int *scratch = malloc(2 * sizeof(int));
  scratch[0] = x;
  scratch[1] = x * 3;
  int sum = scratch[0] + scratch[1];
  if (x != 7)
    free(scratch);
  return sum;
}

int main(void) {
  int a;
  cosmo_symbolic(&a, sizeof a, "a");
  int total = 0;
  for (int i = 0; i < 2; i++)
    total += checksum(a + i);
  return total > 100;
}
