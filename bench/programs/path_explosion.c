/* Path-heavy: 12 independent symbolic branches, 4096 paths. */
#include <cosmo.h>
int main(void) {
  unsigned char in[12];
  cosmo_symbolic(in, sizeof in, "in");
  int score = 0;
  for (int i = 0; i < 12; ++i)
    if (in[i] > 127)
      score += i;
  cosmo_assert(score <= 66);
  return 0;
}
