// An identity by recursion that loses one at depth 300 (recursive category).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static int id(int n) { if (n == 0) return 0; int r = id(n - 1) + 1; return r == 300 ? 299 : r; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5000) return 0;
  if (id(n) != n) reach_error();
  return 0;
}
