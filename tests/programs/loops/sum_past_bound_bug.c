// RUN: --timeout=60
// VERDICT: false
// ERROR: assert 16
// As sum_past_bound_proved.c, but the loop runs once more (i <= n + 1)
// and s misses the last term.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 20000)
    return 0;
  int s = 0;
  for (int i = 1; i <= n + 1; i++)
    s += 2 * i;
  if (s != n * n + n)
    reach_error();
  return 0;
}
