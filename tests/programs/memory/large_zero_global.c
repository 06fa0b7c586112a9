// VERDICT: true
// A 400 KB zero-initialised global and a large calloc block, written and
// read at symbolic indices: their zeros are one constant array each, not
// a term per byte (this took 9 minutes and 12 GB before).
#include <cosmo.h>
#include <stdlib.h>

int counts[100000];
long primes[3000] = {2, 3, 5};

int main(void) {
  int i, j;
  cosmo_symbolic(&i, sizeof i, "i");
  cosmo_symbolic(&j, sizeof j, "j");
  cosmo_assume(i >= 0 && i < 100000 && j >= 0 && j < 100000);
  counts[i] = 5;
  cosmo_assert(counts[j] == (i == j ? 5 : 0));
  cosmo_assert(primes[j % 3000] == (j % 3000 < 3 ? primes[j % 3000] : 0));
  cosmo_assert(j % 3000 != 2 || primes[j % 3000] == 5);
  short *block = calloc(50000, sizeof *block);
  if (!block)
    return 0;
  block[j % 50000] = 7;
  cosmo_assert(block[i % 50000] == 0 || i % 50000 == j % 50000);
  free(block);
  return 0;
}
