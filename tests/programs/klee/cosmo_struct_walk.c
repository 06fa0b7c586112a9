// VERDICT: false
// ERROR: out-of-bounds 16
// Following symbolic `next` indices through an array of symbolic structs:
// the index check allows 4, one past the end.
#include <cosmo.h>

struct entry { int next; int val; };

int main(void) {
  struct entry e[4];
  cosmo_symbolic(e, sizeof e, "e");
  for (int k = 0; k < 4; k++)
    cosmo_assume(e[k].next >= 0 && e[k].next <= 4);
  int i = 0, sum = 0;
  for (int step = 0; step < 2; step++) {
    i = e[i].next;                              // BUG: out-of-bounds
    sum += i;
  }
  cosmo_assert(sum <= 8);
  return 0;
}
