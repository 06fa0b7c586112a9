// RUN: --loops=auto
// VERDICT: true
// STATS: loop_summaries.recursive_functions >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// Recursion as a recursive state: the 17th nested call of count becomes
// Sum(count)(n, r), its body's two returns the clauses of Sum, and the
// Horn solver proves count(n) == n for every n the calls can see.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int count(int n) { return n <= 0 ? 0 : 1 + count(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000)
    return 0;
  if (count(n) != n)
    reach_error();
  return 0;
}
