#include <stdlib.h>
int main(int argc, char **argv) {
  double d = atof(argc > 1 ? argv[1] : "1e10");
  int i = (int)d;
  return i;
}
