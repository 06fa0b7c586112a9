// VERDICT: true
// Floating-point arithmetic on a nondet value: both branches are feasible.
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  double d = x * 0.5 + 1.25;
  if (d > 10.0)
    return 1;
  return 0;
}
