// A recursive count (recursive category).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static int count(int n) { return n <= 0 ? 0 : 1 + count(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000) return 0;
  if (count(n) != n) reach_error();
  return 0;
}
