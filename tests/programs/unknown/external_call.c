// VERDICT: unknown
// NO-REPLAY: calls an external function that has no definition
// A call to an external function with no definition and no model.
extern int __VERIFIER_nondet_int(void);
extern int mystery(int);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = mystery(x);
  if (y == 42)
    return 1;
  return 0;
}
