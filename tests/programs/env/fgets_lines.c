// RUN: --sym-stdin 6
// VERDICT: true
// Reads standard input line by line with fgets into a buffer of four
// bytes: a longer line comes in pieces, every piece is a terminated string
// of at most three characters (fewer when the input holds a NUL byte).
#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  char buf[4];
  size_t total = 0;
  int lines = 0;
  while (fgets(buf, sizeof buf, stdin)) {
    size_t n = strlen(buf);
    assert(n <= 3);
    if (n > 0 && buf[n - 1] == '\n')
      ++lines;
    total += n;
  }
  assert(feof(stdin) && !ferror(stdin));
  assert(lines <= 6);
  printf("%d lines\n", lines);
  return total <= 6 ? 0 : 1;
}
