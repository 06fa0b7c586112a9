// VERDICT: false
// ERROR: assert 18
// SV-COMP style: the loop stops one step early, so y != n for n >= 1.
extern void abort(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error() { }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n <= 20);
  unsigned int x = n, y = 0;
  while (x > 1) {
    x--;
    y++;
  }
  if (y != n) {
    reach_error();                    // BUG: assert
    abort();
  }
  return 0;
}
