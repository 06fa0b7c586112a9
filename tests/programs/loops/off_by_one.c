// RUN: --loops=auto
// VERDICT: false
// ERROR: assert 15
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.at_reported_places >= 1
// <= instead of <: the counter passes the bound by one.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  int i = 0;
  while (i <= n) i++;
  if (i != n)
    reach_error(); // BUG: assert
  return 0;
}
