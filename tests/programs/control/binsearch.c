// VERDICT: true
// Binary search over a sorted constant table with a symbolic key.
#include <cosmo.h>

static const int sorted[8] = {-7, -2, 0, 3, 9, 14, 22, 40};

static int find(int key) {
  int lo = 0, hi = 7;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (sorted[mid] == key)
      return mid;
    if (sorted[mid] < key)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1;
}

int main(void) {
  int key;
  cosmo_symbolic(&key, sizeof key, "key");
  int idx = find(key);
  if (idx >= 0) {
    cosmo_assert(idx < 8 && sorted[idx] == key);
  } else {
    for (int i = 0; i < 8; i++)
      cosmo_assert(sorted[i] != key);
  }
  return 0;
}
