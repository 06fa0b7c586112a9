// VERDICT: false
// ERROR: assert 16
// A symbolic request line is matched with strncmp/strlen; one request
// reaches an "impossible" branch.
#include <klee/klee.h>
#include <string.h>

int main(void) {
  char req[7];
  klee_make_symbolic(req, sizeof req, "req");
  req[6] = '\0';
  if (strncmp(req, "GET ", 4) != 0)
    return 1;
  size_t n = strlen(req);
  if (n == 6 && req[4] == '/' && req[5] == '!')
    klee_assert(0);                             // BUG: assert
  return 0;
}
