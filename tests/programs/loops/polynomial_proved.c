// RUN: --timeout=60
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// nla-digbench style: x sums 1..y, so 2x == y*y + y at the exit (exactly,
// modulo 2^32: the values are unsigned). Proved through a sampled
// polynomial equality of degree 2.
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned k = __VERIFIER_nondet_uint();
  unsigned x = 0, y = 0, c = 0;
  while (c < k) {
    c++;
    y++;
    x += y;
  }
  if (2 * x - y * y - y != 0)
    reach_error();
  return 0;
}
