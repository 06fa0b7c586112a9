// VERDICT: false
// ERROR: out-of-bounds 12
// One byte before a heap block: described as offset -1 of the block the
// pointer came from.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *p = malloc(16);
  if (!p)
    return 0;
  if (__VERIFIER_nondet_int() > 3)
    p[-1] = 'x'; // BUG: out-of-bounds
  free(p);
  return 0;
}
