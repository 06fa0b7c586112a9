// RUN: --loops=auto --horn-timeout=10
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// An array of structs filled up to an input bound, then one field of every
// cell checked: the invariant quantifies over that field alone (for all
// k < i: a[k].weight == w), which Spacer finds over one integer array per
// field and Houdini checks over cosmo's byte array.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 200
struct item {
  int id;
  int weight;
  short flags;
};
int main(void) {
  struct item a[N];
  int n = __VERIFIER_nondet_int();
  int w = __VERIFIER_nondet_int();
  if (n < 0 || n > N)
    return 0;
  for (int i = 0; i < n; i++) {
    a[i].id = 7;
    a[i].weight = w;
    a[i].flags = 1;
  }
  for (int j = 0; j < n; j++)
    if (a[j].weight != w)
      reach_error();
  return 0;
}
