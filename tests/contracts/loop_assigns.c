// loop assigns clauses are checked like a function's: a write of the
// iteration outside the clause is an error; memset and memcpy are writes.
#include <string.h>

int a[8], log_[8];

/*@ requires 0 <= n <= 8;
    ensures \result == n;
    assigns a[0 .. 7], log_[0 .. 7];
*/
int fill(int n) {
  int i = 0;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, a[0 .. 7];
  */
  while (i < n) {
    a[i] = 1;
    log_[i] = 1; // BUG: log_ is not in the loop assigns clause
    i++;
  }
  return i;
}

/*@ requires 0 <= n <= 8;
    ensures \result == n;
    assigns a[0 .. 7];
*/
int fill_ok(int n) {
  int i = 0;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, a[0 .. 7];
  */
  while (i < n) {
    a[i] = 2;
    i++;
  }
  return i;
}

/*@ assigns a[0 .. 3]; */
void clear(void) {
  memset(a, 0, sizeof a); // BUG: the whole array
}
