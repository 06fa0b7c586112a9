// RUN: --inputs=any --entry=get
// VERDICT: false
// ERROR: null-deref 6
// Dereferences a pointer parameter without checking it.
int get(int *p) {
  return *p + 1;                      // BUG: null-deref
}
