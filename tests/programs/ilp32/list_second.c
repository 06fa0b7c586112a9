// RUN: --32 --inputs=any --entry=second
// VERDICT: false
// ERROR: null-deref 13
// ILP32 (-m32): lazily initialised 32-bit input pointers. The node is 8
// bytes with `next` at offset 4; the vectors replay through a -m32 harness.
struct node {
  int value;
  struct node *next;
};

int second(struct node *n) {
  if (!n) return 0;
  return n->next->value;              // BUG: null-deref when n->next is null
}
