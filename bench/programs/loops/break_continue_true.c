// break and continue: even steps never outnumber all steps.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, e = 0;
  while (1) {
    if (i >= n) break;
    i++;
    if (i % 2) continue;
    e++;
  }
  if (e > i) reach_error();
  return 0;
}
