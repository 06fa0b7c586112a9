// RUN: --sym-files 1 4
// VERDICT: false
// ERROR: null-deref 15
// Reads its settings from a file named "config", which the environment
// does not have (only A exists): fopen returns NULL, which the program
// does not check.
#include <stdio.h>

int main(void) {
  FILE *a = fopen("A", "r");
  if (!a)
    return 1;
  fclose(a);
  FILE *f = fopen("config", "r");
  int c = fgetc(f); // BUG: null-deref
  fclose(f);
  return c;
}
