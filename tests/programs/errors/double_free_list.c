// VERDICT: false
// ERROR: double-free 27
// pop_front() frees the node it removes, and the caller frees it again.
#include <cosmo.h>
#include <stdlib.h>

struct node { int val; struct node *next; };

static int pop_front(struct node **head) {
  struct node *n = *head;
  int v = n->val;
  *head = n->next;
  free(n);
  return v;
}

int main(void) {
  int v;
  cosmo_symbolic(&v, sizeof v, "v");
  struct node *second = malloc(sizeof *second);
  struct node *first = malloc(sizeof *first);
  second->val = 2; second->next = NULL;
  first->val = v; first->next = second;
  struct node *head = first;
  int got = pop_front(&head);
  if (got < 0)
    free(first);                      // BUG: double-free
  free(head);
  return 0;
}
