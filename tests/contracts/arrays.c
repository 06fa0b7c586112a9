// Quantified properties over arrays of any length: a checked \forall is a
// fresh index, an assumed one a quantifier the solver instantiates; the
// input array is as long as \valid says, whatever n is.

/*@ requires n > 0 && \valid(a + (0 .. n-1));
    ensures \forall integer k; 0 <= k < n ==> a[k] == 0;
    assigns a[0 .. n-1];
*/
void zero(int *a, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k] == 0;
      loop assigns i, a[0 .. n-1];
  */
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

/*@ requires \valid(a + (0 .. 3));
    ensures \forall integer k; 0 <= k < 4 ==> a[k] == 7;
    assigns a[0 .. 3];
*/
void fill7(int *a) {
  a[0] = 7;
  a[1] = 7;
  a[2] = 8; // BUG: the postcondition fails at k == 2
  a[3] = 7;
}

int main(void) {
  int b[4];
  zero(b, 4);
  return b[2];
}
