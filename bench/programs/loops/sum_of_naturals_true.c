// nla-digbench style: x sums 1..y; 2x == y*y + y (unsigned, modulo 2^32).
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
  check(2 * x - y * y - y == 0);
  return 0;
}
