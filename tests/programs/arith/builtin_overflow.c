// RUN: --check=overflow
// VERDICT: true
// __builtin_*_overflow report overflow through their result instead of
// faulting, so they are never overflow errors.
#include <cosmo.h>
#include <limits.h>

int main(void) {
  int a, b, r;
  unsigned short h1, h2, hr;
  signed char c8, d8, r8;
  unsigned char u8;
  cosmo_symbolic(&a, sizeof a, "a");
  cosmo_symbolic(&b, sizeof b, "b");
  cosmo_symbolic(&h1, sizeof h1, "h1");
  cosmo_symbolic(&h2, sizeof h2, "h2");
  cosmo_symbolic(&c8, sizeof c8, "c8");
  cosmo_symbolic(&d8, sizeof d8, "d8");

  long long wide = (long long)a + b;
  if (__builtin_add_overflow(a, b, &r)) cosmo_assert(wide > INT_MAX || wide < INT_MIN);
  else cosmo_assert((long long)r == wide);

  if (__builtin_mul_overflow(h1, h2, &hr)) cosmo_assert((unsigned)h1 * h2 > 65535u);
  else cosmo_assert((unsigned)h1 * h2 == hr);

  if (__builtin_sub_overflow(c8, d8, &r8)) cosmo_assert(c8 - d8 > 127 || c8 - d8 < -128);
  else cosmo_assert(r8 == c8 - d8);

  if (__builtin_add_overflow(a, 0, &u8)) cosmo_assert(a < 0 || a > 255);
  else cosmo_assert(u8 == a);
  return 0;
}
