// RUN: --32 --loops=summarize --target=errors --timeout=30
// VERDICT: false
// ERROR: assert 31
// STATS: loop_summaries.summarized >= 1
// dll_keys_ilp32_proved.c with a bug: a key may be 100. The 12-byte nodes
// are cells of 16 bytes of one node region, as in the correct program.
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
    fresh->key = k >= 0 && k <= 100 ? k : 0;
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
