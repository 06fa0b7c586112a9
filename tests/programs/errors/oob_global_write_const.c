// VERDICT: false
// ERROR: out-of-bounds 11
// A helper fills n elements of a global array that holds only 4.
#include <cosmo.h>

int slots[4];
int guard = 42;

static void fill(int *p, int n, int v) {
  for (int i = 0; i < n; i++)
    p[i] = v;                         // BUG: out-of-bounds
}

int main(void) {
  int v;
  cosmo_symbolic(&v, sizeof v, "v");
  fill(slots, 4, v);
  cosmo_assert(slots[3] == v);
  if (v == 7)
    fill(slots, 5, v);
  cosmo_assert(guard == 42);
  return 0;
}
