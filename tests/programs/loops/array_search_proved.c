// RUN: --loops=auto --horn-timeout=10
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// A linear search over an array of inputs stops on the key: past the
// loop, a cell below n is the key. The array is a parameter of the search
// loop's relation (read, never written).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 100
int main(void) {
  int a[N];
  int n = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (n < 0 || n > N)
    return 0;
  for (int k = 0; k < n; k++)
    a[k] = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n && a[i] != x)
    i++;
  if (i < n && a[i] != x)
    reach_error();
  return 0;
}
