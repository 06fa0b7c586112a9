// A global reaches a value it should not, deep in the loop.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int total;
int main(void) {
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    total += 7;
    if (total == 7 * 20000) reach_error();
  }
  return 0;
}
