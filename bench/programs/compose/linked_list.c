// VERDICT: true
// A sorted singly linked list (seed 002's LinkedList subject): add inserts
// a node in order, repOK checks the representation invariant (acyclic
// within the capacity, sorted, size matching the nodes). main builds
// three lists of nodes it allocates, with symbolic elements in ranges
// that overlap, adding them one by one and checking repOK after each add.
// (Nodes from one static pool would be parts of one object, a context the
// trees cannot express: every call would be inlined.)
#include <cosmo.h>
#include <stdlib.h>

#define CAPACITY 4

struct node {
  int elem;
  struct node *next;
};

struct list {
  struct node *head;
  int size;
};

// Inserts n before the first node with a larger element.
void add(struct list *l, struct node *n) {
  struct node *prev = NULL, *cur = l->head;
  for (int i = 0; i < CAPACITY && cur != NULL; ++i) {
    if (cur->elem > n->elem)
      break;
    prev = cur;
    cur = cur->next;
  }
  n->next = cur;
  if (prev == NULL)
    l->head = n;
  else
    prev->next = n;
  ++l->size;
}

int repOK(const struct list *l) {
  int count = 0;
  for (const struct node *c = l->head; c != NULL; c = c->next) {
    if (++count > CAPACITY)
      return 0; // a cycle, or more nodes than the list may hold
    if (c->next != NULL && c->elem > c->next->elem)
      return 0; // not sorted
  }
  return count == l->size;
}

int main(void) {
  // The range of each element: [lo, lo + 15), so that neighbours overlap.
  static const int lo[3][CAPACITY] = {
      {0, 10, 20, 30}, {30, 0, 20, 10}, {20, 30, 0, 10}};
  int ok = 0;
  for (int k = 0; k < 3; ++k) {
    struct list l = {NULL, 0};
    for (int i = 0; i < CAPACITY; ++i) {
      struct node *n = malloc(sizeof *n);
      cosmo_symbolic(&n->elem, sizeof n->elem, "elem");
      cosmo_assume(n->elem >= lo[k][i] & n->elem < lo[k][i] + 15);
      n->next = NULL;
      add(&l, n);
      ok += repOK(&l);
    }
  }
  cosmo_assert(ok == 3 * CAPACITY);
  return 0;
}
