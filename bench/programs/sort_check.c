/* Solver-heavy: insertion sort of symbolic values, then a sortedness check. */
#include <cosmo.h>
int main(void) {
  int a[5];
  cosmo_symbolic(a, sizeof a, "a");
  for (int i = 1; i < 5; ++i) {
    int v = a[i], j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      --j;
    }
    a[j + 1] = v;
  }
  for (int i = 0; i + 1 < 5; ++i)
    cosmo_assert(a[i] <= a[i + 1]);
  return 0;
}
