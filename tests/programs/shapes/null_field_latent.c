// RUN: --entry=second_value
// VERDICT: unknown
// LATENT: null-deref 10
// The parameter is never NULL; the pointer stored in it may be, but only a
// caller's list decides that.
struct node {
  int value;
  struct node *next;
};
int second_value(struct node *n) { return n->next->value; }
