// RUN: --sym-args 0 2 2 --sym-stdin 8
// A small head(1): prints the first N lines of standard input (-N or -n N,
// default 2). Correct: no error for any input within the bounds.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  long n = 2;
  for (int k = 1; k < argc; ++k) {
    if (strcmp(argv[k], "-n") == 0 && k + 1 < argc) {
      n = strtol(argv[++k], NULL, 10);
    } else if (argv[k][0] == '-' && argv[k][1] >= '0' && argv[k][1] <= '9') {
      n = strtol(argv[k] + 1, NULL, 10);
    } else {
      fprintf(stderr, "usage: head [-N] [-n N]\n");
      return 2;
    }
  }
  int c;
  while (n > 0 && (c = getchar()) != EOF) {
    putchar(c);
    if (c == '\n')
      --n;
  }
  return 0;
}
