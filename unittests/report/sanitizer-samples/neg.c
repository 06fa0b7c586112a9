#include <limits.h>
int main(int argc, char **argv) {
  int big = INT_MIN + argc - 1;
  return -big;
}
