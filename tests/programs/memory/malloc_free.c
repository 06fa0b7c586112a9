// VERDICT: true
// malloc, calloc (zeroed), free, and free(NULL).
#include <cosmo.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  int v;
  cosmo_symbolic(&v, sizeof v, "v");
  int *p = malloc(10 * sizeof *p);
  for (int i = 0; i < 10; i++)
    p[i] = i;
  p[3] = v;
  cosmo_assert(p[9] == 9 && p[3] == v);

  int *z = calloc(5, sizeof *z);
  cosmo_assert(z != p);
  for (int i = 0; i < 5; i++)
    cosmo_assert(z[i] == 0);
  free(z);

  char *s = malloc(6);
  strcpy(s, "abcde");
  cosmo_assert(strlen(s) == 5);
  free(s);
  free(p);
  free(NULL);
  return 0;
}
