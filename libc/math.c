/* <math.h>: frexp, ldexp, scalbn, modf and their float versions frexpf,
 * ldexpf, scalbnf, modff, over the bits, as glibc computes them: zero, inf
 * and NaN come back unchanged (a signalling NaN quieted, as glibc's x + x
 * does), subnormals are normalised, ldexp and scalbn round a subnormal
 * result to nearest with ties to even (__cosmo_float_round, strtod.c), and
 * ldexp sets errno to ERANGE when its result is inf or zero; glibc's scalbn
 * is the same function as its ldexp, errno included. */
#include "internal.h"

/* The layout of a double (single = 0) or a float (single = 1). */
struct layout {
  int fracBits;     /* 52 or 23 */
  int bias;         /* 1023 or 127 */
  unsigned maxExp;  /* 2047 or 255 */
  uint64_t signBit; /* 1 << 63 or 1 << 31 */
};

static struct layout layoutOf(int single) {
  struct layout l;
  l.fracBits = single ? 23 : 52;
  l.bias = single ? 127 : 1023;
  l.maxExp = single ? 255 : 2047;
  l.signBit = single ? 1ull << 31 : 1ull << 63;
  return l;
}

static unsigned fieldOf(struct layout l, uint64_t bits) {
  return (unsigned)((bits & ~l.signBit) >> l.fracBits);
}

static uint64_t fracOf(struct layout l, uint64_t bits) {
  return bits & ((1ull << l.fracBits) - 1);
}

/* x + x for a zero, inf or NaN: a NaN's quiet bit set. */
static uint64_t selfSum(struct layout l, uint64_t bits) {
  if (fieldOf(l, bits) == l.maxExp && fracOf(l, bits))
    bits |= 1ull << (l.fracBits - 1);
  return bits;
}

/* A finite nonzero value as m * 2^e. */
static void decompose(struct layout l, uint64_t bits, uint64_t *m,
                      long long *e) {
  unsigned field = fieldOf(l, bits);
  uint64_t frac = fracOf(l, bits);
  if (field == 0) {
    *m = frac;
    *e = 1 - l.bias - l.fracBits;
  } else {
    *m = frac | (1ull << l.fracBits);
    *e = (long long)field - l.bias - l.fracBits;
  }
}

static uint64_t frexpBits(uint64_t bits, int *exp, int single) {
  struct layout l = layoutOf(single);
  unsigned field = fieldOf(l, bits);
  *exp = 0;
  if (field == l.maxExp || (bits & ~l.signBit) == 0)
    return selfSum(l, bits);
  uint64_t m;
  long long e;
  decompose(l, bits, &m, &e);
  int len = 0;
  for (uint64_t v = m; v; v >>= 1)
    ++len;
  /* m = 1.xxx * 2^(len - 1): the fraction is m / 2^len in [0.5, 1). */
  *exp = (int)(e + len);
  m <<= l.fracBits + 1 - len;
  return (bits & l.signBit) | ((uint64_t)(l.bias - 1) << l.fracBits) |
         (m - (1ull << l.fracBits));
}

/* ldexp and scalbn: x * 2^n. */
static uint64_t scaleBits(uint64_t bits, long long n, int single) {
  struct layout l = layoutOf(single);
  if (fieldOf(l, bits) == l.maxExp || (bits & ~l.signBit) == 0)
    return selfSum(l, bits);
  uint64_t m;
  long long e;
  decompose(l, bits, &m, &e);
  struct __cosmo_round_flags flags;
  uint64_t r = __cosmo_float_round(m, e + n, 0, (bits & l.signBit) != 0,
                                   single, &flags);
  if ((r & ~l.signBit) == 0 || fieldOf(l, r) == l.maxExp)
    COSMO_ERRNO = COSMO_ERANGE;
  return r;
}

/* The fraction's bits; *ip gets the integral part's. */
static uint64_t modfBits(uint64_t bits, uint64_t *ip, int single) {
  struct layout l = layoutOf(single);
  unsigned field = fieldOf(l, bits);
  uint64_t sign = bits & l.signBit;
  long long j = (long long)field - l.bias; /* the unbiased exponent */
  if (j < 0) {                             /* |x| < 1 */
    *ip = sign;
    return bits;
  }
  if (j >= l.fracBits) { /* integral, inf or NaN */
    *ip = selfSum(l, bits);
    if (field == l.maxExp && fracOf(l, bits))
      return selfSum(l, bits);
    return sign;
  }
  uint64_t fracMask = ((1ull << l.fracBits) - 1) >> j;
  if ((bits & fracMask) == 0) {
    *ip = bits;
    return sign;
  }
  *ip = bits & ~fracMask;
  /* The fraction (bits & fracMask) * 2^(j - fracBits), exactly. */
  struct __cosmo_round_flags flags;
  return __cosmo_float_round(bits & fracMask, j - l.fracBits, 0, sign != 0,
                             single, &flags);
}

union dbits {
  double d;
  uint64_t u;
};
union fbits {
  float f;
  uint32_t u;
};

double frexp(double x, int *exp) {
  union dbits v = {x};
  v.u = frexpBits(v.u, exp, 0);
  return v.d;
}
float frexpf(float x, int *exp) {
  union fbits v = {x};
  v.u = (uint32_t)frexpBits(v.u, exp, 1);
  return v.f;
}

/* x * 2^n: ldexp and scalbn are one function (as in glibc). */
static double scaleDouble(double x, int n) {
  union dbits v = {x};
  v.u = scaleBits(v.u, n, 0);
  return v.d;
}
static float scaleFloat(float x, int n) {
  union fbits v = {x};
  v.u = (uint32_t)scaleBits(v.u, n, 1);
  return v.f;
}

double ldexp(double x, int n) { return scaleDouble(x, n); }
float ldexpf(float x, int n) { return scaleFloat(x, n); }
double scalbn(double x, int n) { return scaleDouble(x, n); }
float scalbnf(float x, int n) { return scaleFloat(x, n); }

double modf(double x, double *ip) {
  union dbits v = {x}, i;
  v.u = modfBits(v.u, &i.u, 0);
  *ip = i.d;
  return v.d;
}
float modff(float x, float *ip) {
  union fbits v = {x}, i;
  uint64_t ib;
  v.u = (uint32_t)modfBits(v.u, &ib, 1);
  i.u = (uint32_t)ib;
  *ip = i.f;
  return v.f;
}
