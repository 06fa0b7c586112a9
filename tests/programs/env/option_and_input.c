// RUN: --sym-args 0 2 2 --sym-stdin 4
// VERDICT: false
// ERROR: assert 29
// The bug needs both an option and particular input: records ending in
// "!#" are rejected, and with -r the tool reverses a record in place
// after that check, so a record starting with "#!" fails a check meant
// for the records it accepted.
#include <assert.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  int reverse = 0;
  for (int k = 1; k < argc; ++k) {
    if (strcmp(argv[k], "-r") == 0)
      reverse = 1;
    else
      return 2;
  }
  char record[4];
  if (fread(record, 1, 4, stdin) != 4 || (record[2] == '!' && record[3] == '#'))
    return 1;
  if (reverse)
    for (int k = 0; k < 2; ++k) {
      char t = record[k];
      record[k] = record[3 - k];
      record[3 - k] = t;
    }
  assert(!(record[2] == '!' && record[3] == '#')); // BUG: assert
  return 0;
}
