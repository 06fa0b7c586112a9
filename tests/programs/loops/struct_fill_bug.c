// RUN: --loops=auto --horn-timeout=10
// VERDICT: false
// ERROR: assert 29
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.at_reported_places >= 1
// The fill gives cell 40 another weight: found with inputs that fail
// natively (n above 40).
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
    a[i].weight = i == 40 ? w + 1 : w;
    a[i].flags = 1;
  }
  for (int j = 0; j < n; j++)
    if (a[j].weight != w)
      reach_error();
  return 0;
}
