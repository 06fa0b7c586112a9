// VERDICT: true
// strlen of a symbolic string whose first NUL is at a symbolic position is
// that position: one path per position.
#include <cosmo.h>
#include <string.h>

int main(void) {
  char s[8];
  unsigned pos;
  cosmo_symbolic(s, sizeof s, "s");
  cosmo_symbolic(&pos, sizeof pos, "pos");
  cosmo_assume(pos < sizeof s);
  for (unsigned i = 0; i < pos; ++i)
    cosmo_assume(s[i] != 0);
  s[pos] = 0;
  cosmo_assert(strlen(s) == pos);
  cosmo_assert(strnlen(s, 3) == (pos < 3 ? pos : 3));
  return 0;
}
