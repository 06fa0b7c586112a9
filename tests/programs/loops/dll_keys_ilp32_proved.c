// RUN: --32 --timeout=60 --horn-timeout=60
// NO-REPLAY: no error, and every list length; dll_keys_ilp32_bug.c replays its error
// VERDICT: true
// STATS: loop_summaries.summarized >= 2
// STATS: loop_summaries.refuted_over_cells >= 1
// ILP32: dll_keys_proved.c's doubly linked list, whose nodes are 12 bytes
// here. Each takes a 16-byte chunk of glibc's, and a 32-bit process has
// fewer than 2^28 of them: its stack's guard gap alone keeps a megabyte
// from the heap. So a node region of 16-byte cells for as many nodes as a
// process can hold fits below 4 GiB, and both loops are summarised.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node {
  int key;
  struct node *prev, *next;
};
int main(void) {
  struct node *first = 0;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    struct node *fresh = malloc(sizeof *fresh);
    if (!fresh)
      return 0;
    int k = __VERIFIER_nondet_int();
    fresh->key = k >= 0 && k < 100 ? k : 0;
    fresh->prev = 0;
    fresh->next = first;
    if (first)
      first->prev = fresh;
    first = fresh;
  }
  for (struct node *at = first; at; at = at->next)
    if (at->key >= 100)
      reach_error();
  return 0;
}
