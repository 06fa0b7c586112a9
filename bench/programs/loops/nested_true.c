// Nested loops: the inner one runs to the outer counter.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0) return 0;
  int i = 0;
  while (i < n) {
    int j = 0;
    while (j < i) j++;
    if (j != i) reach_error();
    i++;
  }
  if (i != n) reach_error();
  return 0;
}
