// RUN: --inputs=any --entry=length
// VERDICT: true
// Bounded list length: every pointer is checked before it is followed.
#include <cosmo.h>
#include <stddef.h>

struct node {
  int elem;
  struct node *next;
};

int length(struct node *l) {
  int n = 0;
  while (l != NULL && n < 3) {
    n++;
    l = l->next;
  }
  cosmo_assert(n >= 0 && n <= 3);
  return n;
}
