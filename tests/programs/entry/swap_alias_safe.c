// RUN: --entry=swap
// VERDICT: true
// Swap through a temporary is correct even when a and b alias.
#include <cosmo.h>
#include <stddef.h>

void swap(int *a, int *b) {
  if (a == NULL || b == NULL)
    return;
  int old_a = *a, old_b = *b;
  int t = *a;
  *a = *b;
  *b = t;
  cosmo_assert(*a == old_b && *b == old_a);
}
