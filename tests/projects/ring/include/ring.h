/* A fixed-capacity ring of ints that overwrites its oldest item when full. */
#ifndef RING_H
#define RING_H

struct ring {
  int *items;
  unsigned capacity, head, count;
};

int ring_init(struct ring *r); /* 0 when out of memory */
void ring_push(struct ring *r, int value);
int ring_get(const struct ring *r, unsigned i); /* i-th oldest, i < count */
void ring_free(struct ring *r);

/* The largest of the last items of 0, 1, 4, ..., (n-1)^2 that fit. */
int window_max(unsigned n);

#endif
