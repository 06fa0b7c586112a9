// VERDICT: true
// break out of a search loop, continue to skip elements.
#include <cosmo.h>

static const int data[6] = {1, 4, 9, 16, 25, 36};

int main(void) {
  int a[4], t;
  cosmo_symbolic(a, sizeof a, "a");
  cosmo_symbolic(&t, sizeof t, "t");

  int first_neg = -1;
  for (int i = 0; i < 4; i++) {
    if (a[i] < 0) {
      first_neg = i;
      break;
    }
  }
  if (first_neg >= 0) {
    cosmo_assert(a[first_neg] < 0);
    for (int j = 0; j < first_neg; j++)
      cosmo_assert(a[j] >= 0);
  }

  int count = 0, sum = 0;
  for (int i = 0; i < 6; i++) {
    if (data[i] < t)
      continue;
    count++;
    sum += data[i];
  }
  cosmo_assert(count <= 6);
  if (count == 6) cosmo_assert(t <= 1 && sum == 91);
  if (count == 0) cosmo_assert(t > 36);
  return 0;
}
