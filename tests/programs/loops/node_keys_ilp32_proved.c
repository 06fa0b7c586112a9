// RUN: --32 --timeout=60 --horn-timeout=60
// VERDICT: true
// ILP32: a list of input length whose keys count up from 0, walked from
// its last node, proved. Its nodes are a node region of 8-byte cells, as
// many as a 32-bit process's 4 GiB holds blocks of 8 bytes (fewer than
// 2^28: glibc gives each a 16-byte chunk, and the megabyte below the stack
// is never mapped), so the bound each allocation assumes cuts no real run.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct item {
  int key;
  struct item *next;
};
int main(void) {
  struct item *top = 0;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    struct item *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    fresh->key = i;
    fresh->next = top;
    top = fresh;
  }
  for (struct item *at = top; at; at = at->next)
    if (at->key < 0)
      reach_error();
  return 0;
}
