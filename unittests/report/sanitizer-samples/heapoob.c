#include <stdlib.h>
int main(int argc, char **argv) {
  int *a = malloc(4 * sizeof(int));
  int i = argc + 3;
  a[i] = 1;
  free(a);
  return 0;
}
