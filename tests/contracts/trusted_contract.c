// --contracts=use trusts a contract its body breaks: zero() clears one
// element more than its assigns and ensures say, so b[n] is 0 after the
// call and the check below fails natively. Verified (the default), the
// contract is violated; used without verification, the run is true only
// under that contract, and says so.
extern void reach_error(void);

/*@ requires n >= 0 && \valid(a + (0 .. n));
    assigns a[0 .. n - 1];
    ensures \forall integer i; 0 <= i < n ==> a[i] == 0; */
void zero(int *a, int n) {
  /*@ loop invariant 0 <= i <= n + 1;
      loop invariant \forall integer j; 0 <= j < i ==> a[j] == 0;
      loop assigns i, a[0 .. n]; */
  for (int i = 0; i <= n; i++)
    a[i] = 0;
}

int main(void) {
  int b[4] = {1, 2, 3, 4};
  zero(b, 3);
  if (b[3] != 4)
    reach_error();
  return 0;
}
