// VERDICT: true
// qsort with the program's comparator sorts four symbolic ints on every
// path, and bsearch then finds each of them.
#include <cosmo.h>
#include <stdlib.h>

static int compare(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int main(void) {
  int a[4];
  cosmo_symbolic(a, sizeof a, "a");
  qsort(a, 4, sizeof a[0], compare);
  for (int i = 0; i + 1 < 4; ++i)
    cosmo_assert(a[i] <= a[i + 1]);
  int key = a[2];
  int *found = bsearch(&key, a, 4, sizeof a[0], compare);
  cosmo_assert(found != NULL && *found == key);
  return 0;
}
