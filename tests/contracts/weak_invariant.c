// Loop invariants too weak for the postcondition: twice is correct but
// its invariant says nothing of s (unknown, not violated); twice_bug is
// wrong for every n > 0 (a run shows it: violated).
/*@ requires 0 <= n <= 100;
    ensures \result == 2 * n;
*/
int twice(int n) {
  int i = 0, s = 0;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, s;
  */
  while (i < n) {
    s += 2;
    i++;
  }
  return s;
}

/*@ requires 0 <= n <= 100;
    ensures \result == 2 * n;
*/
int twice_bug(int n) {
  int i = 0, s = 0;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, s;
  */
  while (i < n) {
    s += 3;
    i++;
  }
  return s;
}
