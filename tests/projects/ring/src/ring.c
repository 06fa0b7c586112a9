#include "ring.h"

#include <stdlib.h>

#ifndef RING_CAPACITY
#error "the build defines RING_CAPACITY"
#endif

int ring_init(struct ring *r) {
  r->items = malloc(RING_CAPACITY * sizeof(int));
  r->capacity = RING_CAPACITY;
  r->head = 0;
  r->count = 0;
  return r->items != 0;
}

void ring_push(struct ring *r, int value) {
  if (r->count == r->capacity) {
    r->items[r->head] = value;
    r->head = (r->head + 1) % r->capacity;
    return;
  }
  r->items[(r->head + r->count) % r->capacity] = value;
  ++r->count;
}

int ring_get(const struct ring *r, unsigned i) {
  return r->items[r->head + i]; /* the bug: no wrap-around once head moved */
}

void ring_free(struct ring *r) { free(r->items); }
