// \old of an element under a quantifier: the property reads the array as
// it was when the function was entered, at the quantifier's index.
#include <assert.h>

struct pair {
  int x, y;
};
int ring[5];

/*@ requires 0 <= n && n <= 6 && \valid(a + (0 .. n-1));
    assigns a[0 .. n-1];
    ensures \forall integer k; 0 <= k < n ==> a[k] == \old(a[n - 1 - k]);
*/
void reverse(int *a, int n) {
  for (int i = 0, j = n - 1; i < j; i++, j--) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/*@ requires 0 <= n && n <= 6 && \valid(a + (0 .. n-1));
    assigns a[0 .. n-1];
    ensures \forall integer k; 0 <= k < n ==> a[k] == \old(a[n - 1 - k]);
*/
void reverse_short(int *a, int n) {
  for (int i = 0, j = n - 1; i < j - 1; i++, j--) { // BUG: the middle pair
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/*@ requires 0 <= n && n <= 4 && \valid(p + (0 .. n-1));
    assigns p[0 .. n-1];
    ensures \forall integer k; 0 <= k < n ==>
              p[k].x == \old(p[k].y) && p[k].y == \old(p[k].x);
*/
void flip(struct pair *p, int n) {
  for (int i = 0; i < n; i++) {
    int t = p[i].x;
    p[i].x = p[i].y;
    p[i].y = t;
  }
}

/*@ assigns ring[0 .. 4];
    ensures \forall integer k; 0 <= k < 4 ==> ring[k] == \old(ring[k + 1]);
    ensures ring[4] == \old(ring[0]);
*/
void rotate(void) {
  int first = ring[0];
  for (int i = 0; i < 4; i++)
    ring[i] = ring[i + 1];
  ring[4] = first;
}

int main(void) {
  int b[4] = {1, 2, 3, 4};
  reverse(b, 4); // through its contract
#ifdef WRONG_CLAIM
  assert(b[0] == 1);
#else
  assert(b[0] == 4 && b[3] == 1);
#endif
  ring[1] = 7;
  rotate();
  assert(ring[0] == 7);
  return 0;
}
