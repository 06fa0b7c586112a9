// A correct annotated program whose paths run natively against every
// clause (--confirm, cosmo replay): loops left by their condition and by
// break, nested loops, recursion, writes to globals that a function's
// assigns allows after a loop whose assigns does not.
extern int __VERIFIER_nondet_int(void);

int hits, last;

/*@ requires n >= 0 && \valid(a + (0 .. n-1));
    ensures \forall integer k; 0 <= k < n ==> a[k] == v;
    assigns a[0 .. n-1], hits;
*/
void fill(int *a, int n, int v) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k] == v;
      loop assigns i, a[0 .. n-1];
  */
  for (int i = 0; i < n; i++)
    a[i] = v;
  hits++; // the function's assigns allows it, the loop's need not
}

/*@ requires n >= 0 && \valid_read(a + (0 .. n-1));
    ensures -1 <= \result < n;
    assigns last;
*/
int find(const int *a, int n, int v) {
  int i = 0, found = -1;
  /*@ loop invariant 0 <= i <= n;
      loop invariant found == -1;
      loop assigns i;
  */
  while (i < n) {
    if (a[i] == v)
      break;
    i++;
  }
  if (i < n)
    found = i;
  last = found; // after the loop, left by break
  return found;
}

/*@ requires 0 < n <= 3 && \valid(m + (0 .. n*n-1));
    assigns m[0 .. n*n-1];
*/
void identity(int *m, int n) {
  /*@ loop invariant 0 <= r <= n;
      loop assigns r, m[0 .. n*n-1];
  */
  for (int r = 0; r < n; r++) {
    int c = 0;
    /*@ loop invariant 0 <= c < n;
        loop assigns c, m[r*n .. r*n+n-1];
    */
    do {
      m[r * n + c] = r == c;
      c++;
    } while (c < n);
  }
}

/*@ requires 0 <= n <= 10;
    ensures \result == n;
    assigns \nothing;
*/
int count(int n) {
  if (n == 0)
    return 0;
  return 1 + count(n - 1);
}

int main(void) {
  int a[4], m[9];
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 3)
    return 0;
  fill(a, n, 7);
  identity(m, n);
  int k = find(a, n, 7);
  return count(n) + k + m[0];
}
