// Count down to zero, count up alongside.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0) return 0;
  int x = n, y = 0;
  while (x > 0) { x--; y++; }
  if (y != n) reach_error();
  return 0;
}
