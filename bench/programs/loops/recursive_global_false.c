// The same walk with a wrong bound on its steps: reached for the largest
// inputs.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int steps;
void walk(int n) {
  if (n <= 0) return;
  steps++;
  walk(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 50000) return 0;
  steps = 0;
  walk(n);
  if (steps > 49990) reach_error();
  return 0;
}
