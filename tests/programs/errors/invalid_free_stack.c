// VERDICT: false
// ERROR: invalid-free 23
// A small-string optimisation frees the inline (stack) buffer by mistake.
#include <cosmo.h>
#include <stdlib.h>
#include <string.h>

struct str {
  size_t cap;
  size_t len;
  char inline_buf[8];
};

int main(void) {
  unsigned n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 1 && n <= 32);
  struct str s = {sizeof s.inline_buf, 0, {0}};
  char *buf = n <= s.cap ? s.inline_buf : malloc(n);
  memset(buf, 'z', n);
  s.len = n;
  cosmo_assert(buf[s.len - 1] == 'z');
  free(buf);                          // BUG: invalid-free
  return 0;
}
