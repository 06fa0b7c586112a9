// VERDICT: false
// ERROR: out-of-bounds 12
// Heap write at a symbolic position that can equal the buffer size.
#include <cosmo.h>
#include <stdlib.h>

int main(void) {
  unsigned pos;
  cosmo_symbolic(&pos, sizeof pos, "pos");
  cosmo_assume(pos <= 8);
  char *buf = malloc(8);
  buf[pos] = 'x';                     // BUG: out-of-bounds
  cosmo_assert(buf[pos] == 'x');
  free(buf);
  return 0;
}
