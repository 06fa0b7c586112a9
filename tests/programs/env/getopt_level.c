// RUN: --sym-arg 2 --sym-arg 3
// VERDICT: false
// ERROR: out-of-bounds 31
// An option parser: -v turns on verbose output and -l N sets a level of
// 0 to 9; the level indexes a table of 8 names (levels 8 and 9 are past
// its end) when verbose is on.
#include <stdio.h>
#include <unistd.h>

static const char *names[8] = {"quiet", "low",  "normal", "more",
                               "much",  "loud", "louder", "loudest"};

int main(int argc, char **argv) {
  int verbose = 0, level = 0, c;
  while ((c = getopt(argc, argv, "vl:")) != -1) {
    switch (c) {
    case 'v':
      verbose = 1;
      break;
    case 'l':
      if (optarg[0] < '0' || optarg[0] > '9' || optarg[1] != 0)
        return 2;
      level = optarg[0] - '0';
      break;
    default:
      return 2;
    }
  }
  if (!verbose)
    return 0;
  printf("level %s\n", names[level]); // BUG: out-of-bounds
  return 0;
}
