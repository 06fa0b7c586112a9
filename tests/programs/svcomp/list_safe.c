// VERDICT: true
// SV-COMP list style: a list of nondet length (at most 5) filled with 1s.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error() { }

typedef struct node { int h; struct node *n; } *List;

int main(void) {
  List a = (List)malloc(sizeof(struct node));
  List t, p = a;
  int len = 1;
  while (len < 5 && __VERIFIER_nondet_int()) {
    p->h = 1;
    t = (List)malloc(sizeof(struct node));
    p->n = t;
    p = p->n;
    len++;
  }
  p->h = 1;
  p->n = NULL;
  for (p = a; p != NULL; p = p->n)
    if (p->h != 1)
      reach_error();
  while (a != NULL) {
    t = a->n;
    free(a);
    a = t;
  }
  return 0;
}
