#include <limits.h>
int main(int argc, char **argv) {
  int big = INT_MAX - 1 + argc;
  return big + 1;
}
