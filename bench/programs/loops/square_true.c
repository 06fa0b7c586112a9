// Sum of odd numbers is a square (nla-digbench style): non-linear.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int x = 0, y = 0;
  while (y < n) { x += 2 * y + 1; y++; }
  if (x != y * y) reach_error();
  return 0;
}
