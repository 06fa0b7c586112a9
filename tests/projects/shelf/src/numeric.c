#include "shelf.h"

int ratio_percent(int part, int whole) {
  if (part < 0 || part > 1000)
    return 0;
  return part * 100 / whole; // BUG: whole == 0
}

int clamp(int x, int lo, int hi) {
  if (lo > hi)
    return x;
  return x < lo ? lo : x > hi ? hi : x;
}

unsigned abs_diff(int a, int b) {
  return a > b ? (unsigned)a - (unsigned)b : (unsigned)b - (unsigned)a;
}

int sum_array(const int *a, int n) {
  int total = 0;
  for (int i = 0; i < n; i++)
    total += a[i] & 0xff;
  return total;
}

int max_array(const int *a, int n) {
  int best = a[0]; // BUG: an empty array has no first element
  for (int i = 1; i < n; i++)
    if (a[i] > best)
      best = a[i];
  return best;
}
