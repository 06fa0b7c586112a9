// RUN: --loops=auto --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 32
// dll_back_links_proved.c with the bug: a node appended past the first may
// link back to the head node instead of the one before it, which the walk
// asserts no node does. Found with inputs that fail natively.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  struct node *next, *prev;
  int key;
};
int main(void) {
  struct node *head = malloc(sizeof *head);
  if (!head)
    return 0;
  head->next = 0;
  head->prev = 0;
  head->key = 0;
  struct node *x = head;
  while (__VERIFIER_nondet_int()) {
    x->next = malloc(sizeof *x);
    if (!x->next)
      return 0;
    x->next->prev = __VERIFIER_nondet_int() ? x : head;
    x = x->next;
    x->next = 0;
    x->key = __VERIFIER_nondet_int();
  }
  for (x = head; x; x = x->next)
    if (x->next && x->next->prev != x)
      reach_error();
  return 0;
}
