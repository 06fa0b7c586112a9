// VERDICT: true
// An if / else-if chain classifying a symbolic score.
#include <cosmo.h>

static int grade(int score) {
  if (score < 0)
    return -1;
  else if (score < 50)
    return 0;
  else if (score < 65)
    return 1;
  else if (score < 80)
    return 2;
  else if (score <= 100)
    return 3;
  else
    return -1;
}

int main(void) {
  int s;
  cosmo_symbolic(&s, sizeof s, "s");
  int g = grade(s);
  if (g == -1) {
    cosmo_assert(s < 0 || s > 100);
  } else {
    cosmo_assert(s >= 0 && s <= 100);
    if (g == 3)
      cosmo_assert(s >= 80);
    else if (g == 0)
      cosmo_assert(s < 50);
  }
  if (s > 70 && s < 75)
    cosmo_assert(g == 2);
  return 0;
}
