// Parity by recursion (recursive category): 0 or 1 at any depth.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static int parity(int n) { return n == 0 ? 0 : 1 - parity(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000) return 0;
  int p = parity(n);
  if (p != 0 && p != 1) reach_error();
  return 0;
}
