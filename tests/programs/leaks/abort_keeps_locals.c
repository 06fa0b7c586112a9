// RUN: --check=leak
// VERDICT: true
// abort() and exit() free no stack frame: a block a variable in scope
// points to is not lost there (SV-COMP's rule). Stack memory (a VLA) is
// never a leak.
#include <cosmo.h>
#include <stdlib.h>

static void fail(int code) {
  if (code > 2)
    exit(code);
}

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 1 && n <= 4);
  int scratch[n];
  scratch[0] = n;
  int *kept = malloc(sizeof(int));
  *kept = scratch[0];
  fail(n);
  if (*kept == 2)
    abort();
  free(kept);
  return 0;
}
