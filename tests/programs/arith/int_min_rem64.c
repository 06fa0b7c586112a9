// VERDICT: false
// ERROR: div-by-zero 17
// 64-bit remainder: LLONG_MIN % -1 overflows like the division does
// (reported as div-by-zero). A 32-bit remainder by a constant is fine.
#include <cosmo.h>

int main(void) {
  long long a, b;
  int small;
  cosmo_symbolic(&a, sizeof a, "a");
  cosmo_symbolic(&b, sizeof b, "b");
  cosmo_symbolic(&small, sizeof small, "small");
  int r32 = small % 7;
  cosmo_assert(r32 > -7 && r32 < 7);
  if (b == 0)
    return 1;
  long long r = a % b;                // BUG: div-by-zero
  cosmo_assert(r < b || b < 0);
  return 0;
}
