// RUN: --summary-depth=4 --summary-timeout=0
// VERDICT: true
// Rational numbers (seed 002's Rational and RationalRecursion subjects):
// abs, gcd (an iterative and a recursive Euclid) and simplify, which
// brings a fraction to lowest terms with a positive denominator. main
// simplifies 12 fractions, two of them with a symbolic numerator in a
// small range, and checks each result with the recursive gcd. The trees of
// the two gcds are cut at --summary-depth conditionals (Euclid in
// isolation nests a remainder per step); a call that gets deeper goes on
// with the solver, as does a division by a symbolic gcd. Isolated runs
// have no time limit here: with the default 2 s, which of them finish
// depends on the machine's load, and so do the solver calls of every mode
// that builds trees.
#include <cosmo.h>

struct rational {
  int num, den;
};

int iabs(int x) {
  if (x < 0)
    return -x;
  return x;
}

unsigned gcd_iterative(unsigned a, unsigned b) {
  while (b != 0) {
    unsigned t = a % b;
    a = b;
    b = t;
  }
  return a;
}

unsigned gcd_recursive(unsigned a, unsigned b) {
  if (b == 0)
    return a;
  return gcd_recursive(b, a % b);
}

// Lowest terms, positive denominator; 0 for a zero denominator.
int simplify(struct rational *r) {
  if (r->den == 0)
    return 0;
  if (r->den < 0) {
    r->num = -r->num;
    r->den = -r->den;
  }
  int g = gcd_iterative(iabs(r->num), r->den);
  if (g > 1) {
    r->num /= g;
    r->den /= g;
  }
  return 1;
}

int main(void) {
  // The fractions: numerators and denominators; the numerators of two of
  // them are symbolic, in [num, num + 2].
  static const int num[12] = {6, 4, -9, 35, 0, 12, 21, -8, 14, 9, 45, 27};
  static const int den[12] = {8, 9, 12, -14, 5, 18, -6, 12, 49, 10, 60, 36};
  int ok = 0;
  for (int i = 0; i < 12; ++i) {
    struct rational r = {num[i], den[i]};
    if (i == 1 || i == 9) {
      signed char n; // a small numerator
      cosmo_symbolic(&n, sizeof n, "num");
      cosmo_assume(n >= num[i] & n <= num[i] + 2);
      r.num = n;
    }
    ok += simplify(&r);
    cosmo_assert(r.den > 0);
    cosmo_assert(r.num == 0 || gcd_recursive(iabs(r.num), r.den) == 1);
  }
  cosmo_assert(ok == 12);
  return 0;
}
