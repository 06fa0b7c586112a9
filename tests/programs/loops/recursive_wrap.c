// RUN: --loops=auto --timeout=30
// VERDICT: false
// ERROR: assert 16
// sum(n) >= n holds over the integers, but n * (n + 1) / 2 passes
// INT_MAX for n > 65535 and the sum wraps: never `true`. (Inputs of any
// model of the summarised path wrap, so the run on them confirms it.)
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int sum(int n) { return n <= 0 ? 0 : n + sum(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 65536 || n > 70000)
    return 0;
  int s = sum(n);
  if (s < n)
    reach_error();
  return 0;
}
