#include <string.h>
static char *buffer_for(int argc) { return 0; }
int main(int argc, char **argv) {
  char *b = buffer_for(argc);
  memset(b, 0, 8);
  return 0;
}
