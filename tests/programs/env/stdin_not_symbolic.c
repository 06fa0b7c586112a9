// VERDICT: unknown
// Reads standard input without --sym-stdin: cosmo does not know what it
// holds, so the path ends unknown rather than with a guess.
#include <stdio.h>

int main(void) {
  int c = getchar();
  return c == 'x';
}
