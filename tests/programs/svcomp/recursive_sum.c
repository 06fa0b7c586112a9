// VERDICT: true
// A recursive sum with a nondet (bounded) argument.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

static int sum(int n) {
  if (n <= 0)
    return 0;
  return n + sum(n - 1);
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(n <= 15);
  int s = sum(n);
  if (n > 0 && 2 * s != n * (n + 1))
    reach_error();
  if (n <= 0 && s != 0)
    reach_error();
  return 0;
}
