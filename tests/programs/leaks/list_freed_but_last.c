// RUN: --check=leak
// VERDICT: false
// ERROR: memory-leak 20
// A list of one to three nodes, freed node by node but for the last: the
// last node is lost when main returns (its only pointer was a local).
#include <cosmo.h>
#include <stdlib.h>

struct node {
  struct node *next;
  int value;
};

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 1 && n <= 3);
  struct node *head = NULL;
  for (int i = 0; i < n; i++) {
    struct node *fresh = malloc(sizeof *fresh);
    fresh->next = head;
    fresh->value = i;
    head = fresh;
  }
  while (head->next) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
