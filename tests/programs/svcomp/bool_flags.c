// VERDICT: false
// ERROR: assert 22
// Nondet booleans drive a small protocol; one combination breaks it.
extern _Bool __VERIFIER_nondet_bool(void);
void reach_error() { }

int main(void) {
  _Bool locked = 0;
  int owners = 0;
  for (int i = 0; i < 3; i++) {
    _Bool want = __VERIFIER_nondet_bool();
    if (want) {
      if (!locked || i == 2) {
        locked = 1;
        owners++;
      }
    } else if (locked) {
      locked = 0;
      owners--;
    }
    if (owners > 1)
      reach_error();                  // BUG: assert
  }
  return 0;
}
