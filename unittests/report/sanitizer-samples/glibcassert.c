#include <assert.h>
int main(int argc, char **argv) {
  int x = argc;
  assert(x > 1);
  return 0;
}
