// RUN: --loops=summarize --horn-timeout=10
// VERDICT: false
// ERROR: assert 27
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.confirmed_by_run >= 1
// cell_keys_proved.c with keys modulo 101: found with
// inputs that fail natively (a node whose key is 100).
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
    pool[i].key = __VERIFIER_nondet_uint() % 101;
    pool[i].link = i - 1;
  }
  for (int j = 0; j < n; j++)
    if (pool[j].key >= 100)
      reach_error();
  return 0;
}
