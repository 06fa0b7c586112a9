// RUN: --entry=value_or_zero
// VERDICT: false
// ERROR: null-deref 10
// A contract's requires replace the shapes: this one lets the pointer be
// NULL, and the function forgets to check.
/*@ requires p == \null || \valid(p);
    assigns \nothing;
*/
int value_or_zero(const int *p) {
  return *p;                          // BUG: NULL is allowed
}
