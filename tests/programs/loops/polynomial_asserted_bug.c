// RUN: --timeout=60
// VERDICT: false
// ERROR: assert 13
// As polynomial_asserted_proved.c, but x sums y^3 + 1: the assertion in
// the loop fails after the first iteration.
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
    x += y * y * y + 1;
  }
  return 0;
}
