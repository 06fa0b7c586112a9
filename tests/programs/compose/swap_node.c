// RUN: --entry=call_swap_node
// VERDICT: true
// STATS: e2e-replay composition.functions_summarized >= 1
// Seed 002's figures 5-7 in C: swap_node exchanges a node with its
// successor when the successor's element is smaller. Explored in isolation
// with lazy initialisation it has three paths by its conditionals and
// seven heap configurations (null, alias and new objects for this->next
// and this->next->next); the caller builds the first node itself and
// passes the rest of the list as input.
#include <stddef.h>

struct node {
  int elem;
  struct node *next;
};

struct node *swap_node(struct node *self) {
  if (self->next != NULL) {
    if (self->elem > self->next->elem) {
      struct node *t = self->next;
      self->next = t->next;
      t->next = self;
      return t;
    }
  }
  return self;
}

int call_swap_node(struct node *n, int elem) {
  struct node first = {elem, n};
  struct node *head = swap_node(&first);
  return head->elem <= elem;
}
