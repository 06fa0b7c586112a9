// VERDICT: true
// __VERIFIER_nondet_pointer is only compared, never dereferenced.
extern void *__VERIFIER_nondet_pointer(void);
void reach_error() { }

int main(void) {
  int a = 1, b = 2;
  void *p = __VERIFIER_nondet_pointer();
  int *q = p ? &a : &b;
  *q += 10;
  if (a + b != 13)
    reach_error();
  return 0;
}
