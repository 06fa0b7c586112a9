// VERDICT: false
// ERROR: out-of-bounds 13
// memcpy with a length from the input into a 4-byte stack buffer.
#include <cosmo.h>
#include <string.h>

int main(void) {
  const char src[8] = "abcdefg";
  char dst[4];
  unsigned n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n <= 8);
  memcpy(dst, src, n);                // BUG: out-of-bounds
  if (n > 0)
    cosmo_assert(dst[0] == 'a');
  return 0;
}
