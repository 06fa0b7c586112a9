// VERDICT: false
// ERROR: out-of-bounds 11
// A pointer advanced once too often past a heap array, then read.
#include <cosmo.h>
#include <stdlib.h>

static int last(const int *arr, int len) {
  const int *p = arr;
  for (int i = 0; i < len; i++)
    p++;
  return *p;                          // BUG: out-of-bounds
}

int main(void) {
  int len;
  cosmo_symbolic(&len, sizeof len, "len");
  cosmo_assume(len >= 1 && len <= 3);
  int *arr = malloc(3 * sizeof *arr);
  for (int i = 0; i < 3; i++)
    arr[i] = i;
  int v = last(arr, len);
  cosmo_assert(v == len);
  free(arr);
  return 0;
}
