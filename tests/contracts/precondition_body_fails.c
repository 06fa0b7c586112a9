// Issue 42: a broken precondition that makes the callee's body fail is the
// caller's bug, reported at the call (not as the division by zero inside).
/*@ requires d > 0;
    ensures \result == n % d; */
int rem(int n, int d) { return n % d; }

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (b < 0)
    return 0;
  return rem(a, b); // BUG: precondition (b == 0)
}
