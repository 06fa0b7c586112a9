// Mutual recursion (recursive category): even and odd call each other;
// each answers 0 or 1 at any depth, and exactly one of them says 1.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int is_odd(int n);
int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }
int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  int e = is_even(n);
  if (e != 0 && e != 1) reach_error();
  return 0;
}
