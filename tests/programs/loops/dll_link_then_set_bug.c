// RUN: --loops=auto --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 40
// dll_link_then_set_proved.c with the bug: the node appended after the
// loop holds 101, past the bound the walk asserts. Found past the
// builder's summary, with inputs that fail natively.
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
    x->next->prev = x;
    x = x->next;
    x->next = 0;
    int k = __VERIFIER_nondet_int();
    x->key = k < 0 || k >= 100 ? 0 : k;
  }
  x->next = malloc(sizeof *x);
  if (!x->next)
    return 0;
  x->next->prev = x;
  x = x->next;
  x->next = 0;
  x->key = 101;
  for (x = head; x; x = x->next)
    if (x->key > 100)
      reach_error();
  return 0;
}
