// RUN: --loops=auto
// VERDICT: false
// ERROR: assert 34
// list_prepend_helpers_proved.c with a bug: a value above 1000 is given
// as it is, odd ones too. Found with inputs that fail natively.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item {
  int value;
  struct item *next;
};
static struct item *make(int value) {
  struct item *it = malloc(sizeof *it);
  if (!it)
    abort();
  it->value = value;
  it->next = 0;
  return it;
}
static void prepend(struct item **head, int value) {
  struct item *it = make(value);
  it->next = *head;
  *head = it;
}
int main(void) {
  struct item *head = 0;
  while (__VERIFIER_nondet_int()) {
    int v = __VERIFIER_nondet_int();
    prepend(&head, v > 1000 ? v : v & ~1);
  }
  for (struct item *p = head; p; p = p->next)
    if (p->value & 1)
      reach_error();
  return 0;
}
