// RUN: --check=memcleanup
// VERDICT: false
// ERROR: memcleanup 15
// A block still pointed to by a global is not lost, but it is not freed
// when the program ends either (SV-COMP's valid-memcleanup).
#include <cosmo.h>
#include <stdlib.h>

int *saved;

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  if (n > 3)
    saved = malloc(sizeof(int));
  return 0;
}
