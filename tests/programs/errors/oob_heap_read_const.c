// VERDICT: false
// ERROR: out-of-bounds 16
// Scanning a heap string that has no terminator reads past its end.
#include <cosmo.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char mode;
  cosmo_symbolic(&mode, sizeof mode, "mode");
  char *s = malloc(5);
  memcpy(s, "hello", 5);
  if (mode == 't')
    s[4] = '\0';
  int n = 0;
  while (s[n])                        // BUG: out-of-bounds
    n++;
  cosmo_assert(n == 4);
  free(s);
  return 0;
}
