// VERDICT: false
// ERROR: double-free 18
// An error path frees the buffer and the common exit frees it again.
#include <cosmo.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char hdr[2];
  cosmo_symbolic(hdr, sizeof hdr, "hdr");
  char *buf = malloc(16);
  memset(buf, 0, 16);
  if (hdr[0] != 'O' || hdr[1] != 'K') {
    free(buf);
  } else {
    buf[0] = 'y';
  }
  free(buf);                          // BUG: double-free
  return 0;
}
