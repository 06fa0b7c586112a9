// VERDICT: true
// strtol on a string of three symbolic digits: the value is the number they
// spell, the end is after them, errno stays 0.
#include <cosmo.h>
#include <errno.h>
#include <stdlib.h>

int main(void) {
  char s[4];
  cosmo_symbolic(s, 3, "digits");
  s[3] = 0;
  for (int i = 0; i < 3; ++i)
    cosmo_assume(s[i] >= '0' && s[i] <= '9');
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  cosmo_assert(v == (s[0] - '0') * 100 + (s[1] - '0') * 10 + (s[2] - '0'));
  cosmo_assert(end == s + 3);
  cosmo_assert(errno == 0);
  cosmo_assert(atoi(s) == v);
  return 0;
}
