#include "shelf.h"

void ivec_init(struct ivec *v) { v->count = 0; }

int ivec_push(struct ivec *v, int x) {
  if (v->count < 0 || v->count >= IVEC_CAPACITY)
    return -1;
  v->items[v->count++] = x;
  return 0;
}

int ivec_pop(struct ivec *v) {
  v->count--;
  return v->items[v->count]; // LATENT: an empty or corrupted vector
}

int ivec_top(const struct ivec *v) {
  return v->items[v->count - 1]; // LATENT: the same, read only
}

int ivec_sum(const struct ivec *v) {
  int total = 0;
  for (int i = 0; i < v->count && i < IVEC_CAPACITY; i++)
    total += v->items[i];
  return total;
}

int ivec_average_of_first(int n) {
  struct ivec v;
  ivec_init(&v);
  for (int i = 0; i < n && i < IVEC_CAPACITY; i++)
    ivec_push(&v, i * 10);
  return ivec_sum(&v) / v.count; // BUG: n <= 0 leaves the vector empty
}
