// RUN: --sym-stdin 4
// VERDICT: false
// ERROR: div-by-zero 22
// Counts lines, words and characters of standard input; the average word
// length divides by the number of lines, which is zero for input without
// a newline.
#include <stdio.h>

int main(void) {
  int lines = 0, words = 0, chars = 0, inWord = 0, c;
  while ((c = getchar()) != EOF) {
    ++chars;
    if (c == '\n')
      ++lines;
    if (c == ' ' || c == '\n') {
      inWord = 0;
    } else if (!inWord) {
      inWord = 1;
      ++words;
    }
  }
  printf("%d words per line\n", words / lines); // BUG: div-by-zero
  return chars;
}
