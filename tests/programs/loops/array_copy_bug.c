// RUN: --loops=auto --target=errors --horn-timeout=10
// VERDICT: false
// ERROR: assert 25
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.confirmed_by_run >= 1
// The copy writes 0 into b[300]: found with inputs that fail natively
// (n above 300, a[300] not 0). Two error candidates are refuted by Horn
// clauses in a fraction of a second; the generous Horn timeout keeps a
// slow machine from leaving them unknown, which unrolls the loop and finds
// the error without the confirming run the STATS line asks for.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 512
int main(void) {
  int a[N], b[N];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > N)
    return 0;
  for (int i = 0; i < n; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++)
    b[i] = i == 300 ? 0 : a[i];
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < n && b[k] != a[k])
    reach_error();
  return 0;
}
