// RUN: --loops=auto --timeout=20
// VERDICT: false
// ERROR: assert 20
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.proved_by_acceleration >= 1
// Safe over mathematical integers, but modulo 2^32 the doubled counter
// wraps after 2^31 iterations: never `true`. Too deep to run in the
// engine, the error is found by acceleration (i = k, s = 2k), every
// iteration of the k checked to take the loop's path.
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, s = 0;
  while (i < n) {
    i++;
    s += 2;
  }
  if (s < i)
    reach_error();
  return 0;
}
