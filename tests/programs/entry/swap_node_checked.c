// RUN: --inputs=any --entry=swapNode
// VERDICT: true
// swapNode with a NULL check on `this_`; afterwards the first two nodes
// are in order, whatever the shape (including cycles and aliasing).
#include <cosmo.h>
#include <stddef.h>

struct node {
  int elem;
  struct node *next;
};

struct node *swapNode(struct node *this_) {
  if (this_ == NULL)
    return NULL;
  struct node *r = this_;
  if (this_->next != NULL)
    if (this_->elem > this_->next->elem) {
      struct node *t = this_->next;
      this_->next = t->next;
      t->next = this_;
      r = t;
    }
  cosmo_assert(r->next == NULL || r->elem <= r->next->elem);
  return r;
}
