// Seed 003's insertion_point in C: a sorted array (a quantified
// precondition), a loop invariant over the prefix, quantified postconditions.
// Verified for arrays of any length.
/*@ predicate sorted(int *t, integer n) =
      \forall integer k, l; 0 <= k < l < n ==> t[k] <= t[l];
*/

/*@ requires n >= 0 && \valid(t + (0 .. n-1));
    requires sorted(t, n);
    ensures 0 <= \result <= n;
    ensures \forall integer k; 0 <= k < \result ==> t[k] < x;
    ensures \forall integer k; \result <= k < n ==> t[k] >= x;
    assigns \nothing;
*/
int insertion_point(int x, const int *t, int n) {
  int i = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] < x;
      loop assigns i;
  */
  while (i < n) {
    if (t[i] >= x)
      break;
    i = i + 1;
  }
  return i;
}
