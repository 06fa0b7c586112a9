// VERDICT: false
// ERROR: out-of-bounds 11
// The range check allows i == 10, one past the end.
#include <cosmo.h>

int table[10] = {0, 1, 4, 9, 16, 25, 36, 49, 64, 81};

static int lookup(int i) {
  if (i < 0 || i > 10)
    return -1;
  return table[i];                    // BUG: out-of-bounds
}

int main(void) {
  int i;
  cosmo_symbolic(&i, sizeof i, "i");
  int v = lookup(i);
  cosmo_assert(v == -1 || v == i * i);
  return 0;
}
