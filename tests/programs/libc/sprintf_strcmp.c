// VERDICT: true
// sprintf writes the formatted text and returns its length; the text
// compares equal to a constant exactly for the right number.
#include <cosmo.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  int x;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_assume(x >= -99 && x <= 99);
  char buf[16];
  int n = sprintf(buf, "id-%d!", x);
  cosmo_assert(n == (int)strlen(buf));
  cosmo_assert(n >= 5 && n <= 7);
  cosmo_assert((strcmp(buf, "id-42!") == 0) == (x == 42));
  cosmo_assert((buf[3] == '-') == (x < 0));
  return 0;
}
