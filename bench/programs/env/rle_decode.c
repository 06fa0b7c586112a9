// RUN: --sym-stdin 8
// Decodes run-length pairs (count, byte) from standard input into a buffer
// of 16 bytes. Bug: the check of the total lets the last run overflow.
#include <stdio.h>

int main(void) {
  char out[16];
  int total = 0, count, byte;
  while ((count = getchar()) != EOF && (byte = getchar()) != EOF) {
    if (count > 8 || total >= 16)
      return 1;
    for (int k = 0; k < count; ++k)
      out[total++] = (char)byte;
  }
  return total ? out[0] : 0;
}
