/* <stdlib.h>: strtod, strtof, atof.
 *
 * As glibc converts in the default rounding mode: white space, a sign, then
 * a decimal mantissa with an optional e/E exponent, a hexadecimal one
 * ("0x") with an optional p/P binary exponent, "inf", "infinity", "nan" or
 * "nan(chars)" (case-insensitive; the chars, when strtoull reads them all
 * with base 0, are the NaN's payload). No digits: the result is 0 and
 * *endptr the start.
 *
 * The result is the exact value rounded to nearest, ties to even, without
 * any floating-point operation: the decimal significand D (its first 800
 * significant digits, the rest only a sticky bit, which is exact for the
 * rounding decision of a double: a midpoint has at most 767) and the
 * exponent E give a quotient of big integers (base-2^32 limbs) with 56 to
 * 58 bits and a sticky remainder; __cosmo_float_round rounds it to the
 * double's or the float's bits. errno is ERANGE on overflow (inf) and on
 * underflow: a tiny (after rounding, as on x86) inexact result. */
#include "ctype_classes.h"
#include "internal.h"

#define MAX_DIGITS 800
/* 10^1125 shifted by 57 bits fits in 3795 bits. */
#define LIMBS 160

struct big {
  uint32_t d[LIMBS]; /* little-endian */
  int n;             /* limbs in use, the top one nonzero (0: zero) */
};

/* b = b * m + add. */
static void bigMulAdd(struct big *b, uint32_t m, uint32_t add) {
  uint64_t carry = add;
  for (int i = 0; i < b->n; ++i) {
    uint64_t t = (uint64_t)b->d[i] * m + carry;
    b->d[i] = (uint32_t)t;
    carry = t >> 32;
  }
  if (carry)
    b->d[b->n++] = (uint32_t)carry;
}

static void bigShl(struct big *b, unsigned bits) {
  if (b->n == 0)
    return;
  unsigned words = bits / 32, r = bits % 32;
  if (r) {
    uint32_t top = b->d[b->n - 1] >> (32 - r);
    for (int i = b->n - 1; i > 0; --i)
      b->d[i] = (b->d[i] << r) | (b->d[i - 1] >> (32 - r));
    b->d[0] <<= r;
    if (top)
      b->d[b->n++] = top;
  }
  if (words) {
    for (int i = b->n - 1; i >= 0; --i)
      b->d[i + words] = b->d[i];
    for (unsigned i = 0; i < words; ++i)
      b->d[i] = 0;
    b->n += words;
  }
}

static int bigCmp(const struct big *a, const struct big *b) {
  if (a->n != b->n)
    return a->n < b->n ? -1 : 1;
  for (int i = a->n - 1; i >= 0; --i)
    if (a->d[i] != b->d[i])
      return a->d[i] < b->d[i] ? -1 : 1;
  return 0;
}

/* a -= b, with a >= b. */
static void bigSub(struct big *a, const struct big *b) {
  uint32_t borrow = 0;
  for (int i = 0; i < a->n; ++i) {
    uint64_t sub = (uint64_t)(i < b->n ? b->d[i] : 0) + borrow;
    borrow = a->d[i] < sub;
    a->d[i] = (uint32_t)((uint64_t)a->d[i] - sub);
  }
  while (a->n > 0 && a->d[a->n - 1] == 0)
    --a->n;
}

static int bitLength64(uint64_t v) {
  int n = 0;
  while (v) {
    ++n;
    v >>= 1;
  }
  return n;
}

static long bigBits(const struct big *b) {
  return b->n == 0 ? 0 : 32L * (b->n - 1) + bitLength64(b->d[b->n - 1]);
}

/* b = b * 10^e. */
static void bigMulPow10(struct big *b, long e) {
  static const uint32_t pow10[10] = {1,      10,      100,      1000,
                                     10000,  100000,  1000000,  10000000,
                                     100000000, 1000000000};
  for (; e >= 9; e -= 9)
    bigMulAdd(b, pow10[9], 0);
  if (e > 0)
    bigMulAdd(b, pow10[e], 0);
}

/* A double's (single = 0) or a float's (single = 1) bits nearest to
 * (q + s) * 2^e, where s is 0 when !sticky and in (0, 1) otherwise, ties
 * to even; q < 2^62. *inexact and *tiny (below the smallest normal after
 * rounding with an unbounded exponent, as x86 detects tininess) and
 * *overflow say what happened. */
uint64_t __cosmo_float_round(uint64_t q, long long e, int sticky, int negative,
                             int single, struct __cosmo_round_flags *flags) {
  const int P = single ? 24 : 53;
  const long long emin = single ? -126 : -1022, emax = single ? 127 : 1023;
  const int bias = single ? 127 : 1023;
  const uint64_t signBit = negative ? (single ? 1ull << 31 : 1ull << 63) : 0;
  const uint64_t infBits = single ? 0x7f800000ull : 0x7ff0000000000000ull;
  flags->inexact = flags->tiny = flags->overflow = 0;
  if (q == 0)
    return signBit;
  int L = bitLength64(q);
  if (e > 100000)
    e = 100000;
  if (e < -100000)
    e = -100000;
  long long e2 = L - 1 + e; /* the value is in [2^e2, 2^(e2 + 1)) */
  if (e2 > emax) {
    flags->overflow = flags->inexact = 1;
    return signBit | infBits;
  }
  long long lsbExp = e2 - P + 1;
  if (lsbExp < emin - P + 1)
    lsbExp = emin - P + 1;
  long long shift = lsbExp - e;
  uint64_t m;
  if (shift <= 0) {
    m = q << -shift;
    flags->inexact = sticky;
  } else if (shift >= 63) {
    m = 0; /* below half the smallest subnormal: q < 2^62 */
    flags->inexact = 1;
  } else {
    m = q >> shift;
    uint64_t rem = q & ((1ull << shift) - 1), half = 1ull << (shift - 1);
    flags->inexact = rem != 0 || sticky;
    m += rem > half || (rem == half && (sticky || (m & 1)));
  }
  if (m >> P) { /* the rounding carried into a new bit */
    m >>= 1;
    ++lsbExp;
  }
  if (e2 < emin) {
    flags->tiny = 1;
    /* Rounded to P bits, could it reach the smallest normal? */
    if (e2 == emin - 1 && L > P) {
      int s = L - P;
      uint64_t r = q >> s, rem = q & ((1ull << s) - 1), half = 1ull << (s - 1);
      r += rem > half || (rem == half && (sticky || (r & 1)));
      if (r >> P)
        flags->tiny = 0;
    }
  }
  if (m < (1ull << (P - 1))) /* subnormal or zero */
    return signBit | m;
  long long biased = lsbExp + P - 1 + bias;
  if (biased >= 2 * bias + 1) {
    flags->overflow = 1;
    return signBit | infBits;
  }
  return signBit | ((uint64_t)biased << (P - 1)) | (m - (1ull << (P - 1)));
}

static int hexValue(int c) {
  if (DIGIT(c))
    return c - '0';
  if (IN(c | 0x20, 'a', 6))
    return (c | 0x20) - 'a' + 10;
  return -1;
}

/* Reads an exponent's [sign]digits at `s`, saturated; NULL when there are
 * no digits. */
static const char *readExponent(const char *s, long long *exp) {
  int neg = *s == '-';
  if ((*s == '-') | (*s == '+'))
    ++s;
  if (!DIGIT(*s))
    return NULL;
  long long v = 0;
  for (; DIGIT(*s); ++s)
    if (v < 1000000000000LL)
      v = v * 10 + (*s - '0');
  *exp = neg ? -v : v;
  return s;
}

/* Case-insensitive: does `s` start with the lowercase `word`? */
static int startsWith(const char *s, const char *word) {
  for (; *word; ++s, ++word)
    if ((*s | 0x20) != *word)
      return 0;
  return 1;
}

static uint64_t decimalValue(const char **sp, int negative, int single,
                             struct __cosmo_round_flags *flags) {
  const char *s = *sp;
  struct big num, den;
  num.n = 0;
  long count = 0;        /* significant digits kept */
  long long dexp = 0;    /* the value is num * 10^dexp (before the exponent) */
  int sticky = 0;        /* a nonzero digit beyond MAX_DIGITS */
  uint32_t chunk = 0;
  int chunkLen = 0;
  int seenPoint = 0;
  for (;; ++s) {
    if (*s == '.' && !seenPoint) {
      seenPoint = 1;
      continue;
    }
    if (!DIGIT(*s))
      break;
    int d = *s - '0';
    if (count == 0 && d == 0) {
      dexp -= seenPoint;
      continue;
    }
    if (count < MAX_DIGITS) {
      chunk = chunk * 10 + d;
      ++count;
      dexp -= seenPoint;
      if (++chunkLen == 9) {
        bigMulAdd(&num, 1000000000u, chunk);
        chunk = 0;
        chunkLen = 0;
      }
    } else {
      sticky |= d != 0;
      dexp += !seenPoint;
    }
  }
  if (chunkLen) {
    static const uint32_t p10[9] = {1,      10,      100,     1000,    10000,
                                    100000, 1000000, 10000000, 100000000};
    bigMulAdd(&num, p10[chunkLen], chunk);
  }
  if ((*s | 0x20) == 'e') {
    long long exp;
    const char *t = readExponent(s + 1, &exp);
    if (t) {
      s = t;
      dexp += exp;
    }
  }
  *sp = s;
  const uint64_t signBit = negative ? (single ? 1ull << 31 : 1ull << 63) : 0;
  flags->inexact = flags->tiny = flags->overflow = 0;
  if (count == 0)
    return signBit;
  /* The value is in [10^(count - 1 + dexp), 10^(count + dexp)). */
  if (count - 1 + dexp >= 310)
    return __cosmo_float_round(1, 100000, 0, negative, single, flags);
  if (count + dexp <= -325)
    return __cosmo_float_round(1, -100000, 0, negative, single, flags);
  den.n = 1;
  den.d[0] = 1;
  if (dexp >= 0)
    bigMulPow10(&num, (long)dexp);
  else
    bigMulPow10(&den, (long)-dexp);
  long k = 57 - (bigBits(&num) - bigBits(&den));
  if (k >= 0)
    bigShl(&num, (unsigned)k);
  else
    bigShl(&den, (unsigned)-k);
  /* q = num / den < 2^58, by binary long division against den * 2^57. */
  bigShl(&den, 57);
  uint64_t q = 0;
  for (int i = 0; i < 58; ++i) {
    q <<= 1;
    if (bigCmp(&num, &den) >= 0) {
      bigSub(&num, &den);
      q |= 1;
    }
    bigShl(&num, 1);
  }
  sticky |= num.n != 0;
  return __cosmo_float_round(q, -k, sticky, negative, single, flags);
}

/* After "0x", with a hex digit or a point and a hex digit at `s`. */
static uint64_t hexValueOf(const char **sp, int negative, int single,
                           struct __cosmo_round_flags *flags) {
  const char *s = *sp;
  uint64_t q = 0;
  int count = 0, sticky = 0, seenPoint = 0;
  long long bexp = 0;
  for (;; ++s) {
    if (*s == '.' && !seenPoint) {
      seenPoint = 1;
      continue;
    }
    int d = hexValue(*s);
    if (d < 0)
      break;
    if (count == 0 && d == 0) {
      bexp -= 4 * seenPoint;
      continue;
    }
    if (count < 15) {
      q = q * 16 + (unsigned)d;
      ++count;
      bexp -= 4 * seenPoint;
    } else {
      sticky |= d != 0;
      bexp += 4 * !seenPoint;
    }
  }
  if ((*s | 0x20) == 'p') {
    long long exp;
    const char *t = readExponent(s + 1, &exp);
    if (t) {
      s = t;
      bexp += exp;
    }
  }
  *sp = s;
  /* glibc's quirk: between half the smallest subnormal and the smallest
   * subnormal, its hex path loses the bit after the significand's P bits,
   * so 1 followed by that bit alone (0x1.000001p-150 for a float) rounds
   * to zero as if it were the halfway point. */
  const int P = single ? 24 : 53;
  const long long emin = single ? -126 : -1022;
  int L = bitLength64(q);
  if (!sticky && L > P && L - 1 + bexp == emin - P &&
      q == ((1ull << (L - 1)) | (1ull << (L - 1 - P)))) {
    flags->inexact = flags->tiny = 1;
    flags->overflow = 0;
    return negative ? (single ? 1ull << 31 : 1ull << 63) : 0;
  }
  return __cosmo_float_round(q, bexp, sticky, negative, single, flags);
}

/* strtod (single = 0) and strtof (single = 1): the bits of the result. */
static uint64_t convert(const char *nptr, char **endptr, int single) {
  const char *s = nptr;
  while (SPACE(*s))
    ++s;
  int negative = *s == '-';
  if ((*s == '-') | (*s == '+'))
    ++s;
  const uint64_t signBit = negative ? (single ? 1ull << 31 : 1ull << 63) : 0;
  struct __cosmo_round_flags flags;
  uint64_t bits;
  if (s[0] == '0' && (s[1] | 0x20) == 'x' &&
      (hexValue(s[2]) >= 0 || (s[2] == '.' && hexValue(s[3]) >= 0))) {
    s += 2;
    bits = hexValueOf(&s, negative, single, &flags);
  } else if (DIGIT(s[0]) || (s[0] == '.' && DIGIT(s[1]))) {
    bits = decimalValue(&s, negative, single, &flags);
  } else if (startsWith(s, "inf")) {
    s += startsWith(s + 3, "inity") ? 8 : 3;
    if (endptr)
      *endptr = (char *)s;
    return signBit | (single ? 0x7f800000ull : 0x7ff0000000000000ull);
  } else if (startsWith(s, "nan")) {
    s += 3;
    uint64_t nan = single ? 0x7fc00000ull : 0x7ff8000000000000ull;
    if (*s == '(') {
      const char *cp = s + 1;
      while (ALNUM(*cp) | (*cp == '_'))
        ++cp;
      if (*cp == ')') {
        char *end;
        unsigned long long payload =
            __cosmo_strto_unsigned(s + 1, &end, 0, ULLONG_MAX);
        if (end == cp)
          nan |= payload & (single ? 0x3fffffull : 0x7ffffffffffffull);
        s = cp + 1;
      }
    }
    if (endptr)
      *endptr = (char *)s;
    return signBit | nan;
  } else {
    if (endptr)
      *endptr = (char *)nptr;
    return 0;
  }
  if (endptr)
    *endptr = (char *)s;
  if (flags.overflow || (flags.tiny && flags.inexact))
    COSMO_ERRNO = COSMO_ERANGE;
  return bits;
}

double strtod(const char *nptr, char **endptr) {
  union {
    uint64_t bits;
    double d;
  } u = {convert(nptr, endptr, 0)};
  return u.d;
}

float strtof(const char *nptr, char **endptr) {
  union {
    uint32_t bits;
    float f;
  } u = {(uint32_t)convert(nptr, endptr, 1)};
  return u.f;
}

double atof(const char *s) {
  union {
    uint64_t bits;
    double d;
  } u = {convert(s, NULL, 0)};
  return u.d;
}
