// RUN: --inputs=any --entry=find
// VERDICT: true
// Bounded search for a scalar key in an input list.
#include <cosmo.h>
#include <stddef.h>

struct node {
  int elem;
  struct node *next;
};

int find(struct node *l, int key) {
  int pos = 0;
  for (; l != NULL && pos < 3; l = l->next, pos++)
    if (l->elem == key)
      return pos;
  return -1;
}
