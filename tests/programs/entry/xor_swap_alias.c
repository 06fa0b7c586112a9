// RUN: --inputs=any --entry=xor_swap
// VERDICT: false
// ERROR: assert 15
// XOR swap zeroes the value when both pointers alias the same object.
#include <cosmo.h>
#include <stddef.h>

void xor_swap(int *a, int *b) {
  if (a == NULL || b == NULL)
    return;
  int old_a = *a, old_b = *b;
  *a ^= *b;
  *b ^= *a;
  *a ^= *b;
  cosmo_assert(*a == old_b && *b == old_a);   // BUG: assert
}
