// VERDICT: false
// ERROR: out-of-bounds 13
// strlen() on a heap buffer whose terminator depends on the input.
#include <cosmo.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char name[4];
  cosmo_symbolic(name, sizeof name, "name");
  char *copy = malloc(sizeof name);
  memcpy(copy, name, sizeof name);
  size_t len = strlen(copy);          // BUG: out-of-bounds
  cosmo_assert(len < 4);
  free(copy);
  return 0;
}
