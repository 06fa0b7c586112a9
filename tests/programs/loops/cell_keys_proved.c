// RUN: --loops=summarize --horn-timeout=10
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_over_cells >= 1
// Seed 001's listing 3 with its nodes side by side: each node's key is an
// input modulo 100 and its link the node before it (the index, as
// an allocation loop's bump pointer would give), then every key checked.
// The invariant holds of each node below the loop's counter: proved over
// one cell at a time (key < 100, link == k - 1).
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
#define N 500
struct node {
  int key;
  int link;
};
int main(void) {
  struct node pool[N];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > N)
    return 0;
  for (int i = 0; i < n; i++) {
    pool[i].key = __VERIFIER_nondet_uint() % 100;
    pool[i].link = i - 1;
  }
  for (int j = 0; j < n; j++)
    if (pool[j].key >= 100)
      reach_error();
  return 0;
}
