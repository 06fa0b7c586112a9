// VERDICT: true
// NO-REPLAY: signed wraparound is undefined natively (UBSan flags it); cosmo only reports it with --check=overflow
// Without --check=overflow signed arithmetic wraps and is not an error.
#include <cosmo.h>
#include <limits.h>

int main(void) {
  int x, n;
  long long m;
  unsigned short a, b;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_symbolic(&m, sizeof m, "m");
  cosmo_symbolic(&a, sizeof a, "a");
  cosmo_symbolic(&b, sizeof b, "b");
  if (x == INT_MAX) {
    int y = x + 1;
    cosmo_assert(y == INT_MIN);
  }
  long long t = m * 3;
  cosmo_assert((unsigned long long)t == (unsigned long long)m * 3ull);
  int neg = -n;
  cosmo_assert(neg + n == 0);
  int p = a * b;
  cosmo_assert((unsigned)p == (unsigned)a * (unsigned)b);
  return 0;
}
