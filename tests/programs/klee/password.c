// VERDICT: false
// ERROR: assert 16
// A hard-coded backdoor password in a symbolic 5-byte buffer.
#include <klee/klee.h>

static int check_password(const char *buf) {
  if (buf[0] == 'k' && buf[1] == '3' && buf[2] == 'y' && buf[3] == '!' && buf[4] == 0)
    return 1;
  return 0;
}

int main(void) {
  char buf[5];
  klee_make_symbolic(buf, sizeof buf, "buf");
  int authenticated = check_password(buf);
  klee_assert(!authenticated);                  // BUG: assert
  return 0;
}
