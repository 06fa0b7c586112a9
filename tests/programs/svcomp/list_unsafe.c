// VERDICT: false
// ERROR: assert 25
// SV-COMP list style: 1s followed by 2s; the check wrongly expects the
// third element to be a 1.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error() { }

struct node { int h; struct node *next; };

int main(void) {
  struct node *head = NULL, **tail = &head;
  int len = 0;
  while (len < 4 && __VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    n->h = len < 2 ? 1 : 2;
    n->next = NULL;
    *tail = n;
    tail = &n->next;
    len++;
  }
  int i = 0;
  for (struct node *p = head; p != NULL; p = p->next, i++) {
    if (i < 3 && p->h != 1) {
      reach_error();                  // BUG: assert
      return 1;
    }
  }
  while (head) {
    struct node *n = head->next;
    free(head);
    head = n;
  }
  return 0;
}
