// VERDICT: true
// memmove with overlapping source and destination, symbolic shift.
#include <cosmo.h>
#include <string.h>

int main(void) {
  char buf[10] = "abcdef";
  memmove(buf + 2, buf, 4);
  cosmo_assert(memcmp(buf, "ababcd", 6) == 0);
  memmove(buf, buf + 1, 5);
  cosmo_assert(memcmp(buf, "babcdd", 6) == 0);

  unsigned k;
  cosmo_symbolic(&k, sizeof k, "k");
  cosmo_assume(k < 4);
  char w[8] = "0123456";
  memmove(w + k, w, 4);
  cosmo_assert(w[k] == '0' && w[k + 3] == '3' && w[7] == 0);
  return 0;
}
