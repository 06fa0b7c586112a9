// Mutual recursion (recursive category) with a wrong claim: the sum of
// two mutually recursive counters reaches 5000 for large enough inputs.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int ping(int n);
int pong(int n) { return n <= 0 ? 0 : 2 + ping(n - 1); }
int ping(int n) { return n <= 0 ? 0 : 1 + pong(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000) return 0;
  if (ping(n) >= 5000) reach_error();
  return 0;
}
