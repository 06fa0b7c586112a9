// RUN: --check=leak
// VERDICT: false
// ERROR: memory-leak 21
// A block pointed to only from inside another: freeing the container
// first loses it.
#include <cosmo.h>
#include <stdlib.h>

struct box {
  char *payload;
  int size;
};

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  struct box *b = malloc(sizeof *b);
  if (!b)
    return 1;
  b->size = 8;
  b->payload = malloc(8);
  b->payload[0] = (char)n;
  if (n != 1)
    free(b->payload);
  free(b);
  return 0;
}
