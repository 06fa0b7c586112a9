// RUN: --check=leak,memcleanup
// VERDICT: true
// A list of up to three nodes, every node freed: nothing is lost and
// nothing is left allocated at the end.
#include <cosmo.h>
#include <stdlib.h>

struct node {
  struct node *next;
  int value;
};

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 0 && n <= 3);
  struct node *head = NULL;
  for (int i = 0; i < n; i++) {
    struct node *fresh = malloc(sizeof *fresh);
    fresh->next = head;
    fresh->value = i;
    head = fresh;
  }
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
