// A recursion that counts its steps in a global (recursive category):
// the global's change is part of the function's summary.
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
  if (n < 0 || n > 1000000) return 0;
  steps = 0;
  walk(n);
  if (steps != n) reach_error();
  return 0;
}
