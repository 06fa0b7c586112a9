#include <limits.h>

/*@ requires x > INT_MIN;
    ensures \result >= 0;
    ensures \result == x || \result == -x;
    assigns \nothing;
*/
int my_abs(int x) {
  if (x < 0)
    return -x;
  return x;
}

/*@ requires n >= 0;
    ensures \result == n;
    assigns \nothing;
*/
int count_up(int n) {
  int i = 0;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i; */
  while (i < n)
    i++;
  return i;
}

int main(void) {
  int a = my_abs(-5);
  //@ assert a >= 0;
  int b = count_up(a);
  //@ assert b == 5;
  return 0;
}
