// VERDICT: false
// ERROR: out-of-bounds 18
// The classic off-by-one: a copy of a string in a block of strlen(s) bytes,
// with no room for the NUL. strcpy's write past the block is reported at
// the program's call.
#include <cosmo.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char s[5];
  cosmo_symbolic(s, sizeof s, "s");
  s[4] = 0;
  // Not the empty string: ASan does not see strcpy("") write its NUL
  // into malloc(0), so a test with it would not fail natively.
  cosmo_assume(s[0] != 0);
  char *copy = malloc(strlen(s));
  strcpy(copy, s);                     // BUG: out-of-bounds
  free(copy);
  return 0;
}
