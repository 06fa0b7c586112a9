#include <limits.h>
int main(int argc, char **argv) {
  int m = INT_MIN + argc - 1;
  int d = -argc;
  return m / d;
}
