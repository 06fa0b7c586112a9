#include "ring.h"

#include <stdio.h>

int main(void) {
  printf("%d\n", window_max(3));
  return 0;
}
