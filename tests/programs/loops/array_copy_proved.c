// RUN: --loops=auto --horn-timeout=60
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// A copy agrees with its source below n: the copy's stores are the bytes
// of the element read (no value term), seen as one element of b written
// with a's element i, so Spacer proposes for all k < i: b[k] == a[k].
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
    b[i] = a[i];
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < n && b[k] != a[k])
    reach_error();
  return 0;
}
