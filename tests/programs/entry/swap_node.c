// RUN: --inputs=any --entry=swapNode
// VERDICT: false
// ERROR: null-deref 14
// swapNode from the lazy-initialisation paper, in C with an explicit
// `this_` parameter. `this_` itself is never checked, so it can be NULL.
#include <stddef.h>

struct node {
  int elem;
  struct node *next;
};

struct node *swapNode(struct node *this_) {
  if (this_->next != NULL)            // BUG: null-deref
    if (this_->elem > this_->next->elem) {
      struct node *t = this_->next;
      this_->next = t->next;
      t->next = this_;
      return t;
    }
  return this_;
}
