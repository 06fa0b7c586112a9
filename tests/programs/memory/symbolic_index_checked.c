// VERDICT: true
// Symbolic indices that are range-checked or masked before use.
#include <cosmo.h>

int table[10];

int main(void) {
  for (int i = 0; i < 10; i++)
    table[i] = 3 * i;
  int i;
  unsigned u;
  unsigned char j;
  cosmo_symbolic(&i, sizeof i, "i");
  cosmo_symbolic(&u, sizeof u, "u");
  cosmo_symbolic(&j, sizeof j, "j");
  if (i >= 0 && i < 10) {
    cosmo_assert(table[i] == 3 * i);
    table[i] = -1;
    cosmo_assert(table[i] == -1);
  }
  table[u % 10] = 7;
  cosmo_assert(table[u % 10] == 7);
  char buf[4] = {0};
  buf[j & 3] = 1;
  cosmo_assert(buf[0] + buf[1] + buf[2] + buf[3] == 1);
  return 0;
}
