// RUN: --timeout=3
// NO-REPLAY: the error needs 16,401 blocks of 4 MiB (64 GiB of address space)
// VERDICT: unknown
// An error past 16,400 nodes of 4 MiB each: reachable on a 64-bit machine
// (the blocks are address space, not memory). A node region holds as many
// nodes as a 64-bit process's 2^47 bytes of address space, so the
// summary does not refute it, and a run cannot reach it in time: unknown,
// never `true`.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct big {
  struct big *next;
  int key;
  char pad[(1 << 22) - 16];
};
int main(void) {
  struct big *top = 0;
  int n = __VERIFIER_nondet_int();
  int i;
  for (i = 0; i < n; i++) {
    struct big *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    fresh->key = i;
    fresh->next = top;
    top = fresh;
  }
  if (i > 16400)
    reach_error();
  return 0;
}
