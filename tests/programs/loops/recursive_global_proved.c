// RUN: --loops=auto
// VERDICT: true
// STATS: loop_summaries.recursive_functions >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// A recursive function that counts its calls in a global: the global's
// value at entry is an argument of Call(count) and Sum(count), how much
// the call changed it one more of Sum's, and the Horn solver proves
// calls - \old(calls) == \result + 1 for every n main can pass.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int calls;
int count(int n) {
  calls++;
  return n <= 0 ? 0 : 1 + count(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000)
    return 0;
  calls = 0;
  int r = count(n);
  if (calls != r + 1)
    reach_error();
  return 0;
}
