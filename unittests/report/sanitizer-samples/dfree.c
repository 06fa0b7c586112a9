#include <stdlib.h>
int main(int argc, char **argv) {
  int *a = malloc(4 * sizeof(int));
  free(a);
  free(a);
  return 0;
}
