// RUN: --32 --check=overflow
// VERDICT: false
// ERROR: overflow 13
// ILP32 (-m32): long is 32 bits, so a sum that fits in LP64's long
// overflows. The same program under LP64 is safe.
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);

int main(void) {
  long a = __VERIFIER_nondet_long();
  long b = __VERIFIER_nondet_long();
  __VERIFIER_assume(a > 0 && b > 0 && a < 2000000000L && b < 2000000000L);
  long sum = a + b;                   // BUG: overflow past 2^31 - 1
  return sum > 0;
}
