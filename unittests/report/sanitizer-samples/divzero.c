#include <stdio.h>
int divide(int a, int b) {
  return a / b;
}
int main(int argc, char **argv) {
  int zero = argc - 1;
  printf("%d\n", divide(10, zero));
  return 0;
}
