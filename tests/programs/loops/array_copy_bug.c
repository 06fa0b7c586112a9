// RUN: --loops=auto --target=errors
// VERDICT: false
// ERROR: assert 23
// STATS: loop_summaries.summarized >= 1
// The copy writes 0 into b[300]: found with inputs that fail natively
// (n above 300, a[300] not 0). Which mechanism finds it first (a run on
// the summary's inputs, or the loop unrolled after a Horn question left
// unknown) depends on the machine's load: only the summary is stated.
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
