// RUN: --loops=unroll
// VERDICT: true
// A heap-allocated singly linked list: build, measure, reverse, free
// (saving `next` before each free). Its loops are run (a list of at most
// four): under --loops=auto they are summarised from their first arrival
// after four arrivals (the fifth arrival's path must exit, but the
// summariser does not ask), their nodes a region, and the walks past the
// summaries chase links through its symbolic content, queries Z3 takes
// seconds on (16 s with the frees left out).
#include <cosmo.h>
#include <stdlib.h>

struct node { int val; struct node *next; };

static struct node *push(struct node *head, int val) {
  struct node *n = malloc(sizeof *n);
  n->val = val;
  n->next = head;
  return n;
}

static struct node *reverse(struct node *l) {
  struct node *prev = NULL;
  while (l) {
    struct node *next = l->next;
    l->next = prev;
    prev = l;
    l = next;
  }
  return prev;
}

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 0 && n <= 4);
  struct node *head = NULL;
  for (int i = 0; i < n; i++)
    head = push(head, i);
  int len = 0, sum = 0;
  for (struct node *p = head; p; p = p->next) {
    len++;
    sum += p->val;
  }
  cosmo_assert(len == n && 2 * sum == n * (n - 1));
  head = reverse(head);
  if (n > 0)
    cosmo_assert(head->val == 0);
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
