// VERDICT: false
// ERROR: assert 22
// Older SV-COMP tasks call __VERIFIER_error(), declared without a
// prototype, where newer ones call reach_error(): the same error. A
// running maximum that skips the first value misses a larger first one;
// found with inputs that fail natively (the replay runtime defines
// __VERIFIER_error).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error() __attribute__((__noreturn__));
int main(void) {
  int v[3];
  for (int i = 0; i < 3; i++)
    v[i] = __VERIFIER_nondet_int();
  int best = v[1];
  for (int i = 1; i < 3; i++)
    if (v[i] > best)
      best = v[i];
  for (int i = 0; i < 3; i++)
    if (v[i] > best) {
      // The error call's line is the one reported.
      ERROR:
      __VERIFIER_error(); // BUG: assert
    }
  return 0;
}
