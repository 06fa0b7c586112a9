// VERDICT: false
// ERROR: null-deref 9
// A call through a null function pointer inside a callee: natively the
// fault is at pc 0 and the sanitizer's stack starts at the caller's call
// (line 14), which native replay matches through the vector's callers.
extern int __VERIFIER_nondet_int(void);
typedef int (*handler)(int);
static int twice(int x) { return x + x / 2; }
int dispatch(handler h, int x) { return h(x); } // BUG: null-deref
int main(void) {
  int k = __VERIFIER_nondet_int();
  handler h = twice;
  if (k == 7) h = 0;
  return dispatch(h, k);
}
