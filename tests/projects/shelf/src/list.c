#include "shelf.h"

int list_length(const struct node *n) {
  int length = 0;
  for (; n && length < 4; n = n->next)
    length++;
  return length;
}

int list_second(const struct node *n) {
  return n->next->value; // LATENT alone; list_pair_sum makes it happen
}

int list_pair_sum(int a) {
  struct node only = {a, 0};
  return a + list_second(&only); // BUG: a list of one node has no second
}
