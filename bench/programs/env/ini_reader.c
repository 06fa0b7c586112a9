// RUN: --sym-arg 1 --sym-files 1 10
// Reads "key=value" lines of the file named by its argument and keeps
// the value of "n", a count of records that sizes a table of 4. Bug: a
// two-digit count passes the check on its first digit only.
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 1;
  }
  int table[4] = {0};
  char line[12];
  int count = 0;
  while (fgets(line, sizeof line, f)) {
    char *eq = strchr(line, '=');
    if (!eq || eq == line)
      continue;
    *eq = 0;
    if (strcmp(line, "n") == 0 && eq[1] >= '0' && eq[1] <= '3') {
      count = eq[1] - '0';
      if (eq[2] >= '0' && eq[2] <= '9')
        count = count * 10 + (eq[2] - '0');
    }
  }
  fclose(f);
  for (int k = 0; k < count; ++k)
    table[k] = k;
  return table[0];
}
