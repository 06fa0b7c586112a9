// RUN: --loops=auto
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// A pointer walks an array up to an input bound (`p != a + n`): carried
// around the loop as its offset into the array in elements, so that the
// Horn solver proves every write in bounds (p - a <= n) and the count.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int a[100000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000)
    return 0;
  int count = 0;
  for (int *p = a; p != a + n; p++) {
    *p = n;
    count++;
  }
  if (count != n)
    reach_error();
  return 0;
}
