// RUN: --entry=total
// VERDICT: false
// ERROR: out-of-bounds 10
// A pointer whose indices a parameter bounds is an array of that many
// elements: reading a[n] is past its end, whatever the caller passes.
int total(const int *a, int n) {
  int t = 0;
  for (int i = 0; i <= n; i++)
    if (i < 8)
      t += a[i];                      // BUG: a[n] is one past the end
  return t;
}
