// VERDICT: false
// ERROR: null-deref 14
// A field far into a large struct through a NULL pointer: the address
// (8000) is past the null page, yet the access is through NULL.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct table { char names[8000]; int count; };
int main(void) {
  struct table *t = malloc(sizeof *t);
  if (__VERIFIER_nondet_int()) {
    free(t);
    t = NULL;
  }
  int n = t->count; // BUG: null-deref
  free(t);
  return n;
}
