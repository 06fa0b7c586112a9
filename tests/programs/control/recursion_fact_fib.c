// VERDICT: true
// Recursive factorial and Fibonacci against iterative versions.
#include <cosmo.h>

static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static int fib_iter(int n) {
  int a = 0, b = 1;
  for (int i = 0; i < n; i++) {
    int t = a + b;
    a = b;
    b = t;
  }
  return a;
}

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 0 && n <= 10);
  cosmo_assert(fib(n) == fib_iter(n));
  int f = fact(n);
  if (n > 0)
    cosmo_assert(f % n == 0);
  if (n == 10)
    cosmo_assert(f == 3628800);
  return 0;
}
