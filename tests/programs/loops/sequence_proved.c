// RUN: --timeout=60
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// Two loops in sequence: the first counts i and k up together to n, the
// second counts j down from n and k with it. k > 0 inside the second loop
// needs k == i from the first (an equality Spacer alone does not find).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, k = 0;
  while (i < n) {
    i++;
    k++;
  }
  int j = n;
  while (j > 0) {
    if (k <= 0)
      reach_error();
    j--;
    k--;
  }
  return 0;
}
