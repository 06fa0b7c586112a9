// RUN: --entry=delta
// VERDICT: true
// Two struct pointer parameters that may alias; both checked for NULL.
#include <cosmo.h>
#include <stddef.h>

struct point {
  int x, y;
};

int delta(const struct point *a, const struct point *b, int scale) {
  if (a == NULL || b == NULL)
    return -1;
  int dx = a->x - b->x;
  int dy = a->y - b->y;
  if (a == b)
    cosmo_assert(dx == 0 && dy == 0);
  if (scale == 0)
    return 0;
  return dx + dy;
}
