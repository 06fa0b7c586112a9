// RUN: --check=leak,memcleanup
// VERDICT: false
// ERROR: invalid-free 22
// alloca() memory belongs to the caller's frame: never a leak, never
// left at the end, and free() of it is invalid (SV-COMP's valid-free).
#include <alloca.h>
#include <cosmo.h>

extern void free(void *);

static int sum(int n) {
  char *scratch = alloca(n);
  int total = 0;
  for (int i = 0; i < n; i++)
    scratch[i] = (char)i;
  for (int i = 0; i < n; i++)
    total += scratch[i];
  return total;
}

static void release(char *p, int really) {
  if (really) free(p);
}

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 1 && n <= 4);
  char *buffer = alloca(8);
  buffer[0] = (char)sum(n);
  release(buffer, n == 3);
  return buffer[0] > 100;
}
