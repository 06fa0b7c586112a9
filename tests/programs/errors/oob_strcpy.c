// VERDICT: false
// ERROR: out-of-bounds 12
// strcpy of an input string of up to 5 characters into char[4].
#include <cosmo.h>
#include <string.h>

int main(void) {
  char input[6];
  char dst[4];
  cosmo_symbolic(input, sizeof input, "input");
  input[5] = '\0';
  strcpy(dst, input);                 // BUG: out-of-bounds
  cosmo_assert(strlen(dst) <= 3);
  return 0;
}
