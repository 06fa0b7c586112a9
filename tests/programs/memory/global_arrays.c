// VERDICT: true
// Global arrays with initialisers, zero-initialised globals, global
// arrays of structs; indexed with checked symbolic indices.
#include <cosmo.h>
#include <string.h>

static const int primes[] = {2, 3, 5, 7, 11, 13, 17, 19};
char greeting[] = "hi there";
int counters[5];
struct pair { int a; char b; } pairs[3] = {{1, 'x'}, {2, 'y'}};

int main(void) {
  unsigned i;
  cosmo_symbolic(&i, sizeof i, "i");
  if (i < 8) {
    int p = primes[i];
    cosmo_assert(p >= 2 && p <= 19);
    cosmo_assert(p == 2 || p % 2 == 1);
  }
  counters[i % 5]++;
  cosmo_assert(counters[i % 5] == 1);
  int total = 0;
  for (int k = 0; k < 5; k++)
    total += counters[k];
  cosmo_assert(total == 1);

  greeting[2] = '_';
  cosmo_assert(strlen(greeting) == 8 && greeting[2] == '_');
  cosmo_assert(pairs[1].b == 'y' && pairs[2].a == 0 && pairs[2].b == 0);
  return 0;
}
