// VERDICT: false
// ERROR: assert 18
// ERROR: assert 22
// ERROR: assert 27
// Extreme values of narrow nondet types are reachable (char is signed).
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern long long __VERIFIER_nondet_longlong(void);
void reach_error() { }

int main(void) {
  char c = __VERIFIER_nondet_char();
  unsigned short s = __VERIFIER_nondet_ushort();
  unsigned char u = __VERIFIER_nondet_uchar();
  if (c < 0) {
    if (c == -128)
      reach_error();                  // BUG: assert
    return 0;
  }
  if (s + u == 65535 + 255) {
    reach_error();                    // BUG: assert
    return 1;
  }
  long long ll = __VERIFIER_nondet_longlong();
  if (ll == -9223372036854775807LL - 1)
    reach_error();                    // BUG: assert
  return 0;
}
