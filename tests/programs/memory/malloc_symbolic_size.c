// VERDICT: true
// malloc with a symbolic size bounded by an assumption; all accesses
// stay below that size.
#include <cosmo.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  unsigned n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 1 && n <= 8);
  int *p = malloc(n * sizeof(int));
  for (unsigned i = 0; i < n; i++)
    p[i] = (int)i;
  cosmo_assert(p[n - 1] == (int)n - 1);
  free(p);

  char *s = malloc(n + 1);
  memset(s, 'a', n);
  s[n] = '\0';
  cosmo_assert(strlen(s) == n);
  free(s);
  return 0;
}
