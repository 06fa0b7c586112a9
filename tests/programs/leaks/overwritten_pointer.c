// RUN: --check=leak
// VERDICT: false
// ERROR: memory-leak 13
// The only pointer to the first block is overwritten: the block is lost
// (SV-COMP's valid-memtrack). The leak is reported where the block was
// allocated, whichever check finds it.
#include <cosmo.h>
#include <stdlib.h>

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  int *p = malloc(sizeof(int));
  *p = n;
  if (n > 10)
    p = malloc(sizeof(int));
  free(p);
  return 0;
}
