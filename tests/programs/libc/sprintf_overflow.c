// VERDICT: false
// ERROR: out-of-bounds 13
// "n=" and up to four digits and a NUL do not fit in char[6]: sprintf's
// write past the buffer is reported at the call.
#include <cosmo.h>
#include <stdio.h>

int main(void) {
  unsigned x;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_assume(x <= 9999);
  char buf[6];
  sprintf(buf, "n=%u", x);             // BUG: out-of-bounds
  return buf[0] == 'n' ? 0 : 1;
}
