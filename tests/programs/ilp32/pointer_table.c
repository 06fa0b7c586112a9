// RUN: --32
// VERDICT: false
// ERROR: out-of-bounds 27
// ILP32 (-m32): a heap table of pointers (4 bytes each), indexed through
// uintptr_t arithmetic and a function pointer; one index is one past the
// end of the table.
#include <stdint.h>

extern unsigned int __VERIFIER_nondet_uint(void);
void *malloc(__SIZE_TYPE__ size);

static int first(int *p) { return p[0]; }
static int twice(int *p) { return 2 * p[0]; }

int main(void) {
  int data[4] = {1, 2, 3, 4};
  unsigned int n = __VERIFIER_nondet_uint();
  if (n == 0 || n > 4)
    return 0;
  int **table = malloc(n * sizeof(int *));
  for (unsigned int i = 0; i < n; i++)
    table[i] = data + i;
  uintptr_t at = (uintptr_t)table + (n - 1) * sizeof(int *);
  int (*pick)(int *) = n > 2 ? twice : first;
  int r = pick(*(int **)at);
  if (sizeof(void *) == 4 && n == 3)
    r += *table[n];                   // BUG: table has n entries
  return r;
}
