// Seed 003's insertion sort in C: insertion_point, insert into a second
// array, copy back, sort; each function verified against its contract.
// With -DWALK_PAST_EQUAL, insertion_point has seed 003's bug: it walks
// past the elements equal to x, and its loop invariant is not preserved.
/*@ predicate sorted(int *t, integer n) =
      \forall integer k, l; 0 <= k < l < n ==> t[k] <= t[l];
*/

/*@ requires n >= 0 && \valid_read(t + (0 .. n-1));
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
#ifdef WALK_PAST_EQUAL
    if (t[i] > x)
#else
    if (t[i] >= x)
#endif
      break;
    i = i + 1;
  }
  return i;
}

/*@ requires n >= 0 && 0 <= at <= n;
    requires \valid_read(t + (0 .. n-1)) && \valid(r + (0 .. n));
    requires \separated(t + (0 .. n-1), r + (0 .. n));
    ensures \forall integer k; 0 <= k < at ==> r[k] == t[k];
    ensures r[at] == x;
    ensures \forall integer k; at < k <= n ==> r[k] == t[k-1];
    assigns r[0 .. n];
*/
void insert(int x, int at, const int *t, int n, int *r) {
  int i = 0;
  /*@ loop invariant 0 <= i <= at;
      loop invariant \forall integer k; 0 <= k < i ==> r[k] == t[k];
      loop assigns i, r[0 .. n];
  */
  while (i < at) {
    r[i] = t[i];
    i++;
  }
  r[at] = x;
  /*@ loop invariant at <= i <= n;
      loop invariant \forall integer k; 0 <= k < at ==> r[k] == t[k];
      loop invariant r[at] == x;
      loop invariant \forall integer k; at < k <= i ==> r[k] == t[k-1];
      loop assigns i, r[0 .. n];
  */
  while (i < n) {
    r[i + 1] = t[i];
    i++;
  }
}

/*@ requires m >= 0 && \valid_read(src + (0 .. m-1)) && \valid(dst + (0 .. m-1));
    requires \separated(src + (0 .. m-1), dst + (0 .. m-1));
    ensures \forall integer k; 0 <= k < m ==> dst[k] == src[k];
    assigns dst[0 .. m-1];
*/
void copy(const int *src, int *dst, int m) {
  /*@ loop invariant 0 <= j <= m;
      loop invariant \forall integer k; 0 <= k < j ==> dst[k] == src[k];
      loop assigns j, dst[0 .. m-1];
  */
  for (int j = 0; j < m; j++)
    dst[j] = src[j];
}

/*@ requires n >= 0 && \valid_read(t + (0 .. n-1));
    requires \valid(r + (0 .. n-1)) && \valid(tmp + (0 .. n-1));
    requires \separated(t + (0 .. n-1), r + (0 .. n-1), tmp + (0 .. n-1));
    ensures sorted(r, n);
    assigns r[0 .. n-1], tmp[0 .. n-1];
*/
void sort(const int *t, int n, int *r, int *tmp) {
  int i = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant sorted(r, i);
      loop assigns i, r[0 .. n-1], tmp[0 .. n-1];
  */
  while (i < n) {
    int pos = insertion_point(t[i], r, i);
    insert(t[i], pos, r, i, tmp);
    copy(tmp, r, i + 1);
    i++;
  }
}
