// VERDICT: true
// A growable array on realloc: realloc(NULL, n), growing, shrinking.
#include <cosmo.h>
#include <stdlib.h>

int main(void) {
  int v;
  cosmo_symbolic(&v, sizeof v, "v");
  int *buf = NULL;
  int cap = 0, len = 0;
  for (int i = 0; i < 10; i++) {
    if (len == cap) {
      cap = cap ? cap * 2 : 2;
      buf = realloc(buf, cap * sizeof *buf);
    }
    buf[len++] = i == 4 ? v : i;
  }
  cosmo_assert(cap == 16 && len == 10);
  cosmo_assert(buf[4] == v && buf[9] == 9);
  buf = realloc(buf, 3 * sizeof *buf);
  cosmo_assert(buf[0] == 0 && buf[2] == 2);
  free(buf);
  return 0;
}
