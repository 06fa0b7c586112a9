// VERDICT: false
// ERROR: out-of-bounds 13
// The index comes straight from the input with no range check at all.
#include <cosmo.h>

int table[16];

int main(void) {
  for (int k = 0; k < 16; k++)
    table[k] = k;
  int i;
  cosmo_symbolic(&i, sizeof i, "i");
  int v = table[i];                   // BUG: out-of-bounds
  cosmo_assert(v == i);
  return 0;
}
