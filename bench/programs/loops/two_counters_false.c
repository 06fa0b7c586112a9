// The counters drift apart once the bound passes 5000.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000) return 0;
  int x = 0, y = 0;
  while (x < n) { x++; if (x != 5000) y++; }
  if (x != y) reach_error();
  return 0;
}
