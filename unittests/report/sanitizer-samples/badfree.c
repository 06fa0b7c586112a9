#include <stdlib.h>
int main(int argc, char **argv) {
  int x = argc;
  int *p = &x;
  free(p);
  return 0;
}
