// RUN: --loops=auto
// VERDICT: false
// ERROR: assert 19
// STATS: loop_summaries.summarized == 0
// The copy of long_counted_copy_proved.c that misses its last element:
// the loops run to their ends (their exits predict them soon after the
// 65,536th arrival), and the check fails at the last element unless the
// input there is 0.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 70000
static int a[N], b[N];
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < N - 1; i++)
    b[i] = a[i];
  for (int i = N - 1; i >= 0; i -= 1)
    if (a[i] != b[i]) reach_error(); // BUG: assert
  return 0;
}
