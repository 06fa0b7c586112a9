// RUN: --check=leak
// VERDICT: false
// ERROR: memory-leak 16
// NO-REPLAY: the leaking path's loop has no end natively
// A server loop that never returns: each request's buffer is freed only
// when it says quit, and the next request's allocation overwrites the
// last pointer to the one before. Found at a back edge of the loop (the
// program has no end to check at).
#include <cosmo.h>
#include <stdlib.h>

int main(void) {
  for (;;) {
    char c;
    cosmo_symbolic(&c, sizeof c, "c");
    char *request = malloc(16);
    request[0] = c;
    if (request[0] == 'q') {
      free(request);
      break;
    }
  }
  return 0;
}
