// VERDICT: false
// ERROR: assert 13
// ERROR: assert 18
// Two distinct reach_error() calls, each reachable on its own path.
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error() { }

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 100) {
    if (x % 17 == 3) {
      reach_error();                  // BUG: assert
      abort();
    }
  } else if (x < -100) {
    if (x == -1000) {
      reach_error();                  // BUG: assert
      abort();
    }
  }
  return 0;
}
