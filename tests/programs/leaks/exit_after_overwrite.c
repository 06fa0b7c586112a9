// RUN: --check=leak
// VERDICT: false
// ERROR: memory-leak 14
// exit() keeps the frames, but not a value the program no longer holds:
// the first block's only pointer was overwritten before the exit, so it
// is lost there as it is when main returns.
#include <cosmo.h>
#include <stdlib.h>

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  int *p;
  p = malloc(sizeof(int));
  *p = n;
  p = malloc(sizeof(int));
  *p = 1;
  if (n > 0)
    exit(0);
  free(p);
  return 0;
}
