// RUN: --sym-args 0 1 2 --sym-stdin 6
// Hex-decodes standard input (or, with -u, encodes it) into a buffer of 2
// bytes. Bug: decoding checks the pairs it completes, not the room left.
#include <stdio.h>
#include <string.h>

static int digit(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

int main(int argc, char **argv) {
  int encode = argc > 1 && strcmp(argv[1], "-u") == 0;
  if (argc > 1 && !encode)
    return 2;
  unsigned char out[2];
  int n = 0, hi, lo;
  if (encode) {
    int c;
    while ((c = getchar()) != EOF)
      printf("%02x", c);
    return 0;
  }
  while ((hi = getchar()) != EOF && (lo = getchar()) != EOF) {
    if (digit(hi) < 0 || digit(lo) < 0)
      return 1;
    out[n++] = (unsigned char)(digit(hi) * 16 + digit(lo));
  }
  return n ? out[0] : 0;
}
