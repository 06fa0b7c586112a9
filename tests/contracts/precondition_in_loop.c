// Issue 42, found by the differential campaign (seed 25's mutant): the
// requires of a recursive function without assigns, broken at a call in a
// loop of main on the loop's second iteration (twice(2)).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
/*@ requires 0 <= n && n <= 1;
    ensures \result == 2 * n;
*/
int twice(int n) { if (n <= 0) return 0; return twice(n - 1) + 2; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= x && x <= 3);
  int s = 0;
  for (int i = 0; i < x; i++)
    s = s + twice(i % 2 + 1); // BUG: precondition (i == 0: twice(2))
  if (!(s <= 2))
    reach_error();
  return 0;
}
