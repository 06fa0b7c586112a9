// VERDICT: true
// Removing every node with a given key from a list (pointer-to-pointer).
#include <cosmo.h>
#include <stdlib.h>

struct node { int val; struct node *next; };

static int remove_all(struct node **pp, int key) {
  int removed = 0;
  while (*pp) {
    struct node *n = *pp;
    if (n->val == key) {
      *pp = n->next;
      free(n);
      removed++;
    } else {
      pp = &n->next;
    }
  }
  return removed;
}

int main(void) {
  int vals[4], key;
  cosmo_symbolic(vals, sizeof vals, "vals");
  cosmo_symbolic(&key, sizeof key, "key");
  struct node *head = NULL;
  for (int i = 0; i < 4; i++) {
    struct node *n = malloc(sizeof *n);
    n->val = vals[i];
    n->next = head;
    head = n;
  }
  int removed = remove_all(&head, key);
  int len = 0;
  for (struct node *p = head; p; p = p->next) {
    cosmo_assert(p->val != key);
    len++;
  }
  cosmo_assert(len + removed == 4);
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
