// VERDICT: true
// The classic triangle classifier on three assumed-positive sides.
#include <cosmo.h>

enum kind { INVALID, EQUILATERAL, ISOSCELES, SCALENE };

static enum kind classify(int a, int b, int c) {
  if (a + b <= c || a + c <= b || b + c <= a)
    return INVALID;
  if (a == b && b == c)
    return EQUILATERAL;
  if (a == b || b == c || a == c)
    return ISOSCELES;
  return SCALENE;
}

int main(void) {
  int s[3];
  cosmo_symbolic(s, sizeof s, "s");
  for (int i = 0; i < 3; i++)
    cosmo_assume(s[i] >= 1 && s[i] <= 100);
  enum kind k = classify(s[0], s[1], s[2]);
  if (k == EQUILATERAL) cosmo_assert(s[0] == s[2]);
  if (k == SCALENE) cosmo_assert(s[0] != s[1] && s[1] != s[2]);
  if (k != INVALID) cosmo_assert(s[0] < s[1] + s[2]);
  return 0;
}
