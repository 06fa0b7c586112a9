// VERDICT: false
// ERROR: use-after-free 14
// ERROR: double-free 17
// ERROR: invalid-free 19
// Three heap bugs on three paths of one cleanup routine.
#include <cosmo.h>
#include <stdlib.h>

struct buf { char *data; int owned; };

static void cleanup(struct buf *b, int mode) {
  if (mode == 1) {
    free(b->data);
    b->data[0] = 0;                   // BUG: use-after-free
  } else if (mode == 2) {
    free(b->data);
    free(b->data);                    // BUG: double-free
  } else if (mode == 3) {
    free(b->data + 2);                // BUG: invalid-free
  } else {
    free(b->data);
  }
}

int main(void) {
  int mode;
  cosmo_symbolic(&mode, sizeof mode, "mode");
  struct buf b = {malloc(4), 1};
  b.data[0] = 'x';
  cleanup(&b, mode);
  return 0;
}
