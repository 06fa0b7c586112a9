// nla-digbench style, wrong claim: x sums 1..y, claimed 2x == y*y.
extern unsigned __VERIFIER_nondet_uint(void);
extern void abort(void);
extern void reach_error(void);
static void check(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  unsigned k = __VERIFIER_nondet_uint();
  unsigned x = 0, y = 0, c = 0;
  while (c < k) {
    c++;
    y++;
    x += y;
  }
  check(2 * x == y * y);
  return 0;
}
