// RUN: --sym-env 2
// VERDICT: false
// ERROR: div-by-zero 13
// A variable's value is a string of up to --sym-env characters; the
// program divides by its first digit.
#include <stdlib.h>

int main(void) {
  const char *jobs = getenv("JOBS");
  if (!jobs || jobs[0] < '0' || jobs[0] > '9')
    return 1;
  int n = jobs[0] - '0';
  return 100 / n; // BUG: div-by-zero
}
