// VERDICT: true
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.inlined >= 1
// Regression (issue 19): --calls=summary reported "null pointer dereference
// (address 0x2)" in lskip. glibc's isspace reads its table through a
// pointer held in a global (__ctype_b_loc); lskip's isolated run has that
// pointer's bytes as inputs and resolved the read by asking the solver
// where it points: nowhere (0), an error, recorded without the condition
// that the pointer is null. A pointer the caller gives points where only
// the caller knows: the isolated run ends such a path as a frontier and
// the call runs the callee.
#include <ctype.h>
static char *lskip(const char *s) {
  while (*s && isspace((unsigned char)(*s)))
    s++;
  return (char *)s;
}
int main(void) {
  char line[4] = "\n";
  char *p = lskip(line);
  return *p;
}
