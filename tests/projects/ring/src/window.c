#include "ring.h"

int window_max(unsigned n) {
  struct ring r;
  if (n == 0 || n > 12 || !ring_init(&r))
    return 0;
  for (unsigned i = 0; i < n; ++i)
    ring_push(&r, (int)(i * i));
  int best = ring_get(&r, 0);
  for (unsigned i = 1; i < r.count; ++i)
    if (ring_get(&r, i) > best)
      best = ring_get(&r, i);
  ring_free(&r);
  return best;
}
