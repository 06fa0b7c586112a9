// RUN: --check=leak
// VERDICT: true
// A block still pointed to by a global when main returns, and one
// pointed to only from inside that block: neither is lost (not freed is
// not lost: --check=memcleanup reports that, global_not_freed.c).
#include <cosmo.h>
#include <stdlib.h>

struct pair {
  int *inner;
  int value;
};

struct pair *table;

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  table = malloc(sizeof *table);
  table->inner = malloc(sizeof(int));
  *table->inner = n;
  table->value = n > 0;
  return 0;
}
