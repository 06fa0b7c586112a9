// RUN: --timeout=60
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// The loop's body asserts a polynomial equality of degree 4 (x sums the
// cubes 1..y: 4x == y^2 (y + 1)^2, exactly modulo 2^32), too many
// products for the sampled ones; the assertion itself is the candidate,
// the same polynomial after an iteration as before it. The assertion
// after the loop needs y == c and c <= k with the exit: c is pinned to k.
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned k = __VERIFIER_nondet_uint();
  unsigned x = 0, y = 0, c = 0;
  for (;;) {
    if (4 * x != y * y * y * y + 2 * y * y * y + y * y)
      reach_error();
    if (c >= k)
      break;
    c++;
    y++;
    x += y * y * y;
  }
  if (k * y != y * y)
    reach_error();
  return 0;
}
