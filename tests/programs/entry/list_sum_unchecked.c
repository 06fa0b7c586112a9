// RUN: --inputs=any --entry=sum2
// VERDICT: false
// ERROR: null-deref 14
// ERROR: null-deref 15
// Sums the first two elements without checking either pointer.
#include <stddef.h>

struct node {
  int elem;
  struct node *next;
};

int sum2(struct node *l) {
  int first = l->elem;                // BUG: null-deref
  int second = l->next->elem;         // BUG: null-deref
  return first + second;
}
