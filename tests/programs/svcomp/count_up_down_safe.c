// VERDICT: true
// SV-COMP style: count x down and y up; y ends equal to n.
extern void abort(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error() { }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n <= 20);
  unsigned int x = n, y = 0;
  while (x > 0) {
    x--;
    y++;
  }
  if (y != n) {
    reach_error();
    abort();
  }
  return 0;
}
