// RUN: --entry=one_node
// VERDICT: false
// ERROR: null-deref 10
// second_value's error is latent on its own; one_node passes a list whose
// next is NULL, so from one_node the error happens with valid inputs.
struct node {
  int value;
  struct node *next;
};
int second_value(struct node *n) { return n->next->value; }
int one_node(int v) {
  struct node only = {v, 0};
  return second_value(&only);
}
