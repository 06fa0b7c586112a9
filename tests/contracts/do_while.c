// Loop annotations on do-while loops: the invariant holds at the top of
// each iteration, the first one included.
/*@ requires 1 <= n <= 1000;
    ensures \result == n;
    assigns \nothing;
*/
int count(int n) {
  int i = 0;
  /*@ loop invariant 0 <= i < n;
      loop assigns i;
  */
  do {
    i++;
  } while (i < n);
  return i;
}

/*@ requires 1 <= n <= 1000;
    ensures \result == n;
    assigns \nothing;
*/
int count_bug(int n) {
  int i = 0;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i;
  */
  do {
    i += 2; // BUG: passes n when n is odd
  } while (i < n);
  return i;
}
