// RUN: --check=leak
// VERDICT: false
// ERROR: memory-leak 14
// Each iteration allocates a buffer and frees it only when its first byte
// is zero: the others are lost at the next iteration's allocation.
#include <cosmo.h>
#include <stdlib.h>

int main(void) {
  char input[3];
  cosmo_symbolic(input, sizeof input, "input");
  int kept = 0;
  for (int i = 0; i < 3; i++) {
    char *buffer = malloc(4);
    buffer[0] = input[i];
    kept += buffer[0] != 0;
    if (buffer[0] == 0)
      free(buffer);
  }
  return kept;
}
