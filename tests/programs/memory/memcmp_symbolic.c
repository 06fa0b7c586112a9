// VERDICT: true
// memcmp / strncmp on a symbolic buffer.
#include <cosmo.h>
#include <string.h>

int main(void) {
  char in[4];
  cosmo_symbolic(in, sizeof in, "in");
  int c = memcmp(in, "key", 4);
  if (c == 0)
    cosmo_assert(in[0] == 'k' && in[1] == 'e' && in[2] == 'y' && in[3] == 0);
  if ((unsigned char)in[0] < 'k')
    cosmo_assert(c < 0);
  if (strncmp(in, "ke", 2) == 0)
    cosmo_assert(in[1] == 'e');
  return 0;
}
