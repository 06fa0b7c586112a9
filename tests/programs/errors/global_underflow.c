// VERDICT: false
// ERROR: out-of-bounds 13
// A table lookup whose key can be one below the table's first index: the
// access is before the global `weights` (natively in the redzone after
// `lead`, the global laid out before it).
extern int __VERIFIER_nondet_int(void);
int lead[4] = {9, 9, 9, 9};
int weights[8] = {1, 2, 3, 4, 5, 6, 7, 8};
static int weight_of(int key) {
  if (key >= 8)
    return 0;
  int w = lead[0] - 9;
  return w + weights[key]; // BUG: out-of-bounds
}
int main(void) {
  int key = __VERIFIER_nondet_int();
  if (key < -1)
    return 0;
  return weight_of(key) + lead[0];
}
