// Each function's contract or loop annotation is broken in one way:
// every clause kind cosmo checks fails once, with inputs.

/*@ requires x >= 0;
    ensures \result > x;
    assigns \nothing;
*/
int inc(int x) { return x + 1; } // BUG: x == INT_MAX wraps

/*@ requires n >= 0;
    ensures \result == 2 * n;
    assigns \nothing;
*/
int twice(int n) {
  int i = 0, s = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant s == 2 * i + 1;
  */
  while (i < n) { i++; s += 2; } // BUG: the second invariant starts false
  return s;
}

/*@ requires 0 < n < 100;
    ensures \result == n;
    assigns \nothing;
*/
int down(int n) {
  int i = n;
  /*@ loop invariant 0 <= i <= n; */
  while (i > 0) i -= 2; // BUG: i goes to -1 for odd n
  return n - i;
}

/*@ requires 0 <= k < 10;
    ensures \result == k * k;
    assigns \nothing;
*/
int square(int k) {
  int r = k * k;
  //@ assert r > k; // BUG: fails for k == 0 and k == 1
  return r;
}

int main(void) {
  int r = inc(-1); // BUG: breaks inc's precondition
  return r + square(3);
}
