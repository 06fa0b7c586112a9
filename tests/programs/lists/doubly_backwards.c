// RUN: --target=errors --timeout=60
// VERDICT: false
// ERROR: assert 39
// A doubly linked list of nondeterministic length, built forwards with
// values 1, 2, 3, ...; walking it backwards from the tail must see them
// decrease, and the check wrongly expects fewer than three nodes.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct dnode { int v; struct dnode *next, *prev; };
int main(void) {
  struct dnode *head = malloc(sizeof *head);
  if (!head) return 0;
  head->v = 1;
  head->next = head->prev = 0;
  struct dnode *tail = head;
  int n = 1;
  while (__VERIFIER_nondet_int()) {
    struct dnode *t = malloc(sizeof *t);
    if (!t) return 0;
    t->v = ++n;
    t->next = 0;
    t->prev = tail;
    tail->next = t;
    tail = t;
  }
  int seen = 0, last = n + 1;
  for (struct dnode *p = tail; p; p = p->prev) {
    if (p->v >= last) return 1; // never: values decrease backwards
    last = p->v;
    ++seen;
  }
  if (seen != n) return 1; // never
  while (head) {
    struct dnode *next = head->next;
    free(head);
    head = next;
  }
  if (seen >= 3) reach_error();
  return 0;
}
