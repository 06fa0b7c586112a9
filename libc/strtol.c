/* <stdlib.h>: strtol and its family, atoi, atol, atoll; <inttypes.h>:
 * strtoimax, strtoumax.
 *
 * One parser for all of them, with glibc's behaviour where C leaves room:
 * an invalid base sets errno to EINVAL and leaves *endptr alone; "0x" not
 * followed by a hex digit is the number 0 followed by "x"; the ato*
 * functions are strtol/strtoll with base 10 (so they clamp on overflow).
 * The digit loop accumulates an overflow flag instead of branching on it,
 * and checks it with multiplications by the (concrete) base only: a
 * symbolic digit string forks once per digit (is it a digit?), not more. */
#include "ctype_classes.h"
#include "internal.h"

/* The value of digit `c` in bases up to 36, or 36 when it is none. Each
 * candidate is selected with a mask (-1 or 0) rather than multiplied by
 * its 0/1 class: a product of two symbolic terms is hard for the solver. */
static unsigned digitValue(int c) {
  unsigned isDigit = -(unsigned)DIGIT(c), isAlpha = -(unsigned)ALPHA(c);
  return ((unsigned)(c - '0') & isDigit) |
         ((unsigned)((c | 0x20) - 'a' + 10) & isAlpha) |
         (36u & ~(isDigit | isAlpha));
}

struct parsed {
  unsigned long long magnitude;
  int negative;
  int overflow; /* the magnitude exceeds 2^64 - 1 */
  const char *end;
};

/* Parses `nptr` in `base`; 0 when the base is invalid. */
static int parse(const char *nptr, int base, struct parsed *out) {
  if (base < 0 || base == 1 || base > 36)
    return 0;
  const char *s = nptr;
  while (SPACE(*s))
    ++s;
  out->negative = *s == '-';
  if ((*s == '-') | (*s == '+'))
    ++s;
  // && (not &): each byte is read only when the previous one is not NUL.
  if ((base == 0 || base == 16) && s[0] == '0' && (s[1] | 0x20) == 'x' &&
      digitValue(s[2]) < 16) {
    s += 2;
    base = 16;
  } else if (base == 0) {
    base = 10 - 2 * (s[0] == '0');
  }
  const char *digits = s;
  unsigned long long acc = 0;
  int overflow = 0;
  for (unsigned d; (d = digitValue(*s)) < (unsigned)base; ++s) {
    // acc * base + d > ULLONG_MAX, without dividing by anything symbolic:
    // when the first test fails, acc * base is exact.
    overflow |= (acc > ULLONG_MAX / (unsigned)base) |
                (acc * (unsigned)base > ULLONG_MAX - d);
    acc = acc * (unsigned)base + d;
  }
  out->magnitude = acc;
  out->overflow = overflow;
  // No digits: no conversion, and the end is the start.
  out->end = s == digits ? nptr : s;
  return 1;
}

long long __cosmo_strto_signed(const char *nptr, char **endptr, int base,
                               long long min, long long max) {
  struct parsed p;
  if (!parse(nptr, base, &p)) {
    COSMO_ERRNO = COSMO_EINVAL;
    return 0;
  }
  if (endptr)
    *endptr = (char *)p.end;
  unsigned long long limit =
      p.negative ? (unsigned long long)-(min + 1) + 1 : (unsigned long long)max;
  if (p.overflow || p.magnitude > limit) {
    COSMO_ERRNO = COSMO_ERANGE;
    return p.negative ? min : max;
  }
  // Negating in unsigned arithmetic reaches `min` without overflow.
  return p.negative ? (long long)(0 - p.magnitude) : (long long)p.magnitude;
}

unsigned long long __cosmo_strto_unsigned(const char *nptr, char **endptr,
                                          int base, unsigned long long max) {
  struct parsed p;
  if (!parse(nptr, base, &p)) {
    COSMO_ERRNO = COSMO_EINVAL;
    return 0;
  }
  if (endptr)
    *endptr = (char *)p.end;
  if (p.overflow || p.magnitude > max) {
    COSMO_ERRNO = COSMO_ERANGE;
    return max;
  }
  return p.negative ? 0 - p.magnitude : p.magnitude;
}

long strtol(const char *nptr, char **endptr, int base) {
  return (long)__cosmo_strto_signed(nptr, endptr, base, LONG_MIN, LONG_MAX);
}
long long strtoll(const char *nptr, char **endptr, int base) {
  return __cosmo_strto_signed(nptr, endptr, base, LLONG_MIN, LLONG_MAX);
}
intmax_t strtoimax(const char *nptr, char **endptr, int base) {
  return __cosmo_strto_signed(nptr, endptr, base, INTMAX_MIN, INTMAX_MAX);
}
unsigned long strtoul(const char *nptr, char **endptr, int base) {
  return (unsigned long)__cosmo_strto_unsigned(nptr, endptr, base, ULONG_MAX);
}
unsigned long long strtoull(const char *nptr, char **endptr, int base) {
  return __cosmo_strto_unsigned(nptr, endptr, base, ULLONG_MAX);
}
uintmax_t strtoumax(const char *nptr, char **endptr, int base) {
  return __cosmo_strto_unsigned(nptr, endptr, base, UINTMAX_MAX);
}

int atoi(const char *s) {
  return (int)__cosmo_strto_signed(s, NULL, 10, LONG_MIN, LONG_MAX);
}
long atol(const char *s) {
  return (long)__cosmo_strto_signed(s, NULL, 10, LONG_MIN, LONG_MAX);
}
long long atoll(const char *s) {
  return __cosmo_strto_signed(s, NULL, 10, LLONG_MIN, LLONG_MAX);
}
