// VERDICT: false
// ERROR: null-deref 10
// Without --sym-env every environment variable is absent, and the program
// assumes HOME is set.
#include <stdlib.h>
#include <string.h>

int main(void) {
  const char *home = getenv("HOME");
  return (int)strlen(home); // BUG: null-deref
}
