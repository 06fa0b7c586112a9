// VERDICT: false
// ERROR: use-after-free 20
// Freeing a list while advancing with p = p->next reads a freed node.
#include <cosmo.h>
#include <stdlib.h>

struct node { int val; struct node *next; };

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 0 && n <= 3);
  struct node *head = NULL;
  for (int i = 0; i < n; i++) {
    struct node *nd = malloc(sizeof *nd);
    nd->val = i;
    nd->next = head;
    head = nd;
  }
  for (struct node *p = head; p != NULL; p = p->next)   // BUG: use-after-free
    free(p);
  return 0;
}
