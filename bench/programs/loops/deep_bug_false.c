// The error needs 123,456 iterations.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n) {
    if (i == 123456) reach_error();
    i++;
  }
  return 0;
}
