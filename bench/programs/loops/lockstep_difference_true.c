// loop-lit style: two counters count down in lockstep from two inputs.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void reach_error(void);
static void check(int c) { if (!c) { reach_error(); abort(); } }
int main(void) {
  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
  if (i < 0 || j < 0)
    return 0;
  int x = i, y = j;
  while (x != 0) {
    x--;
    y--;
  }
  if (i == j)
    check(y == 0);
  return 0;
}
