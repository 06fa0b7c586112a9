// VERDICT: false
// ERROR: assert 17
// reach_error() defined in the file; the error is the line of the call.
extern int __VERIFIER_nondet_int(void);
void reach_error() { }

int main(void) {
  int x = __VERIFIER_nondet_int();
  int hits = 0;
  if (x > 10 && x < 100) {
    if (x % 7 == 0)
      hits++;
    if (x % 3 == 0)
      hits++;
  }
  if (hits == 2)
    reach_error();                    // BUG: assert
  return 0;
}
