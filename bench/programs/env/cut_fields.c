// RUN: --sym-args 1 2 3 --sym-stdin 8
// A small cut(1): -d C sets the delimiter, -f N prints field N (1 to 4) of
// each line of standard input. Bug: a field number of 0 indexes before the
// table of field starts.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  char delim = '\t';
  int field = 1, c;
  while ((c = getopt(argc, argv, "d:f:")) != -1) {
    if (c == 'd') {
      if (strlen(optarg) != 1)
        return 2;
      delim = optarg[0];
    } else if (c == 'f') {
      field = atoi(optarg);
      if (field > 4)
        return 2;
    } else {
      return 2;
    }
  }
  char line[16];
  while (fgets(line, sizeof line, stdin)) {
    int starts[4] = {0, -1, -1, -1}, n = 1;
    for (int k = 0; line[k] && line[k] != '\n'; ++k)
      if (line[k] == delim && n < 4)
        starts[n++] = k + 1;
    int at = starts[field - 1];
    if (at >= 0)
      printf("%s", line + at);
  }
  return 0;
}
