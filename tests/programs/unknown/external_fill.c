// VERDICT: unknown
// NO-REPLAY: calls an external function that has no definition
// An unmodelled external function receives a pointer to a local buffer.
#include <cosmo.h>

extern void fill_buffer(char *buf, int n);

int main(void) {
  char buf[8] = {0};
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 0 && n <= 8);
  fill_buffer(buf, n);
  if (buf[0] == 'x')
    return 1;
  return 0;
}
