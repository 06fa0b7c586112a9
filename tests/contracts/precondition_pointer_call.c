// Issue 42: a call through a function pointer checks the requires as a
// direct call does (the callee would divide by zero).
/*@ requires x > 0; */
int inverse(int x) { return 100 / x; }

int (*operation)(int) = inverse;

int main(void) {
  int v = __VERIFIER_nondet_int();
  if (v < 0)
    return 0;
  return operation(v); // BUG: precondition (v == 0)
}
