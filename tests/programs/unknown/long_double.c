// VERDICT: unknown
// long double (x86's 80-bit format) is not computed.
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  long double d = x * 0.5L + 1.25L;
  if (d > 10.0L)
    return 1;
  return 0;
}
