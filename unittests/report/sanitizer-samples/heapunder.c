#include <stdlib.h>
int main(int argc, char **argv) {
  char *p = malloc(16);
  p[argc - 2] = 'x';
  free(p);
  return 0;
}
