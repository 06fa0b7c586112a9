// VERDICT: false
// ERROR: assert 21
// cosmo_assert: a three-element sort that forgets its last comparison.
#include <cosmo.h>

static void swap(int *a, int *b) {
  int t = *a;
  *a = *b;
  *b = t;
}

static void sort3(int *a) {
  if (a[0] > a[1]) swap(&a[0], &a[1]);
  if (a[1] > a[2]) swap(&a[1], &a[2]);
}

int main(void) {
  int a[3];
  cosmo_symbolic(a, sizeof a, "a");
  sort3(a);
  cosmo_assert(a[0] <= a[1] && a[1] <= a[2]);   // BUG: assert
  return 0;
}
