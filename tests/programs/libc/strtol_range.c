// VERDICT: true
// LONG_MAX's digits with a symbolic last digit: up to 7 it fits, from 8 on
// strtol returns LONG_MAX with errno ERANGE and still consumes every digit.
// A symbolic sign byte makes the negative side reach LONG_MIN.
#include <cosmo.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char s[21] = "-922337203685477580";
  char last, sign;
  cosmo_symbolic(&last, 1, "last");
  cosmo_symbolic(&sign, 1, "sign");
  cosmo_assume(last >= '0' && last <= '9');
  cosmo_assume(sign == '-' || sign == '+' || sign == ' ');
  s[0] = sign;
  s[19] = last;
  s[20] = 0;
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  cosmo_assert(end == s + 20);
  if (sign == '-') {
    cosmo_assert((errno == ERANGE) == (last > '8'));
    cosmo_assert(last < '8' || v == LONG_MIN);
  } else {
    cosmo_assert((errno == ERANGE) == (last > '7'));
    cosmo_assert(v == (last > '7' ? LONG_MAX : LONG_MAX - ('7' - last)));
  }
  return 0;
}
