// RUN: --check=leak,memcleanup
// VERDICT: true
// Each iteration frees the block it allocated: no back edge loses one,
// and nothing is left at the end.
#include <cosmo.h>
#include <stdlib.h>

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 0 && n <= 6);
  int total = 0;
  for (int i = 0; i < n; i++) {
    int *cell = malloc(sizeof(int));
    *cell = i;
    total += *cell;
    free(cell);
  }
  return total > 100;
}
