// VERDICT: false
// ERROR: assert 12
// A NaN is neither below 0 nor above 100: it passes both range checks and
// fails the ordered test after them.
extern double __VERIFIER_nondet_double(void);
extern void reach_error(void);

int main(void) {
  double d = __VERIFIER_nondet_double();
  if (d < 0.0 || d > 100.0)
    return 0;
  if (!(d >= 0.0 && d <= 100.0)) reach_error(); // BUG: assert
  return 0;
}
