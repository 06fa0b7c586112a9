// RUN: --loops=auto --horn-timeout=60
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// A pointer walks down from an input end to the array's start while a
// counter counts up: its offset (p - a, from `a + n - 16` after the
// unrolled visits, a GEP's sign-extended index in elements) moves by -1
// element, so that every write is in bounds and c + (p - a) == n gives
// c == n past the loop.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int a[100000];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000)
    return 0;
  int c = 0;
  for (int *p = a + n; p != a;) {
    --p;
    *p = 0;
    c++;
  }
  if (c != n)
    reach_error();
  return 0;
}
