// VERDICT: true
// The running maximum of verifier_error_unsafe.c starting at the first
// value: __VERIFIER_error() (older SV-COMP tasks' reach_error) is never
// called, and cosmo proves it.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_error() __attribute__((__noreturn__));
int main(void) {
  int v[3];
  for (int i = 0; i < 3; i++)
    v[i] = __VERIFIER_nondet_int();
  int best = v[0];
  for (int i = 1; i < 3; i++)
    if (v[i] > best)
      best = v[i];
  for (int i = 0; i < 3; i++)
    if (v[i] > best) {
      ERROR:
      __VERIFIER_error();
    }
  return 0;
}
