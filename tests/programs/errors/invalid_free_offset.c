// VERDICT: false
// ERROR: invalid-free 15
// The pointer is advanced past a length prefix and freed from there.
#include <cosmo.h>
#include <stdlib.h>

int main(void) {
  unsigned char len;
  cosmo_symbolic(&len, sizeof len, "len");
  unsigned char *p = malloc(8);
  p[0] = len;
  unsigned char *body = p;
  if (len > 0)
    body = p + 1;
  free(body);                         // BUG: invalid-free
  return 0;
}
