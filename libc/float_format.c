/* The text of a double for printf's %e %E %f %F %g %G %a %A, as glibc
 * prints it in the default rounding mode (format.c lays it out with the
 * width and the flags).
 *
 * No floating-point operation is used: the double is read as its bits, and
 * its value m * 2^e (m an integer below 2^53) is converted exactly, as the
 * integer m * 2^e or m * 5^-e with the decimal point -e places from its
 * end, in a multiprecision integer of base-10^9 limbs. Its decimal digits
 * (at most 767 significant ones) are then rounded to the digits printed,
 * to nearest with ties to even, as glibc rounds the exact value. %a works
 * on the 52 fraction bits directly (13 hex digits).
 *
 * Analysis cost: the conversion loops over limbs and digits, which is
 * cheap for a concrete double; a symbolic one forks on its exponent and
 * digits. */
#include "internal.h"

//===--- Exact decimal expansion ------------------------------------------===//

enum {
  LIMB_BASE = 1000000000, /* 10^9 */
  /* m * 5^1074 < 2^53 * 5^1074 < 10^767: 86 limbs; m * 2^971 < 10^309. */
  LIMBS = 90,
  MAX_DIGITS = LIMBS * 9
};

/* A natural number in base 10^9, least significant limb first. */
struct big {
  uint32_t limb[LIMBS];
  int n; /* limbs in use; the top one is not 0 (or n == 0 for zero) */
};

/* b *= f, for f at most 2^31: a limb times f plus the carry fits 64 bits. */
static void bigMultiply(struct big *b, uint32_t f) {
  uint64_t carry = 0;
  for (int k = 0; k < b->n; ++k) {
    uint64_t t = (uint64_t)b->limb[k] * f + carry;
    b->limb[k] = (uint32_t)(t % LIMB_BASE);
    carry = t / LIMB_BASE;
  }
  while (carry) {
    b->limb[b->n++] = (uint32_t)(carry % LIMB_BASE);
    carry /= LIMB_BASE;
  }
}

/* A nonnegative value d[0].d[1]d[2]...d[n-1] * 10^exp, digits as
 * characters; no trailing zero digit. Zero is n == 0 (exp 0). */
struct decimal {
  char d[MAX_DIGITS];
  int n;
  int exp;
};

/* The digit of index i (0 is the first significant one), 0 outside. */
static char digitAt(const struct decimal *x, int64_t i) {
  return i >= 0 && i < x->n ? x->d[i] : '0';
}

/* The exact value of a finite double's magnitude: m * 2^e. */
static void toDecimal(uint64_t m, int e, struct decimal *x) {
  x->n = 0;
  x->exp = 0;
  if (m == 0)
    return;
  while (!(m & 1)) { // fewer factors of 5 to multiply by
    m >>= 1;
    ++e;
  }
  struct big b;
  b.n = 0;
  while (m) {
    b.limb[b.n++] = (uint32_t)(m % LIMB_BASE);
    m /= LIMB_BASE;
  }
  int fractionDigits = 0; // the value is b / 10^fractionDigits
  if (e > 0) {
    for (; e >= 31; e -= 31)
      bigMultiply(&b, 1u << 31);
    bigMultiply(&b, 1u << e);
  } else if (e < 0) {
    // m / 2^k = m * 5^k / 10^k
    fractionDigits = -e;
    for (; e <= -13; e += 13)
      bigMultiply(&b, 1220703125u); // 5^13
    uint32_t f = 1;
    for (; e < 0; ++e)
      f *= 5;
    bigMultiply(&b, f);
  }
  // The top limb without its leading zeros, then 9 digits a limb.
  char top[9];
  int t = 0;
  for (uint32_t v = b.limb[b.n - 1]; v; v /= 10)
    top[t++] = (char)('0' + v % 10);
  while (t > 0)
    x->d[x->n++] = top[--t];
  for (int k = b.n - 2; k >= 0; --k) {
    uint32_t v = b.limb[k];
    for (int i = 8; i >= 0; --i) {
      x->d[x->n + i] = (char)('0' + v % 10);
      v /= 10;
    }
    x->n += 9;
  }
  x->exp = x->n - 1 - fractionDigits;
  while (x->d[x->n - 1] == '0')
    --x->n;
}

/* Rounds x to its first k significant digits (k may be 0 or negative: the
 * place kept is above the first digit), to nearest with ties to even. */
static void roundDigits(struct decimal *x, int64_t k) {
  if (k >= x->n)
    return;
  if (k < 0) { // below a tenth of the unit kept
    x->n = 0;
    x->exp = 0;
    return;
  }
  char next = x->d[k];
  int more = x->n > k + 1; // no trailing zeros: something nonzero follows
  int odd = k > 0 && ((x->d[k - 1] - '0') & 1);
  int up = next > '5' || (next == '5' && (more || odd));
  x->n = (int)k;
  if (up) {
    int i = (int)k - 1;
    while (i >= 0 && x->d[i] == '9')
      --i;
    if (i < 0) { // 99.9 -> 100: one digit more
      x->d[0] = '1';
      x->n = 1;
      ++x->exp;
    } else {
      ++x->d[i];
      x->n = i + 1;
    }
  } else {
    while (x->n > 0 && x->d[x->n - 1] == '0')
      --x->n;
    if (x->n == 0)
      x->exp = 0;
  }
}

//===--- Text -------------------------------------------------------------===//

static void add(struct __cosmo_float_text *t, char c) {
  t->text[t->textLen++] = c;
}

static void setSuffix(struct __cosmo_float_text *t, char letter, int64_t exp,
                      int minDigits) {
  size_t n = 0;
  t->suffix[n++] = letter;
  t->suffix[n++] = exp < 0 ? '-' : '+';
  uint64_t u = exp < 0 ? 0 - (uint64_t)exp : (uint64_t)exp;
  char digits[8];
  int k = 0;
  do {
    digits[k++] = (char)('0' + u % 10);
    u /= 10;
  } while (u || k < minDigits);
  while (k > 0)
    t->suffix[n++] = digits[--k];
  t->suffixLen = n;
}

/* Style f: the integer digits, then `places` digits after the point (only
 * the nonzero ones when `trim`), the point when digits follow or `alt`. */
static void styleF(struct __cosmo_float_text *t, const struct decimal *x,
                   int64_t places, int alt, int trim) {
  if (x->n > 0 && x->exp >= 0) {
    for (int64_t i = 0; i <= x->exp; ++i)
      add(t, digitAt(x, i));
  } else {
    add(t, '0');
  }
  int64_t exact =
      x->n > 0 ? x->n - 1 - x->exp : 0; // places up to the last digit
  if (exact < 0)
    exact = 0;
  int64_t shown = exact < places ? exact : places;
  if (shown > 0 || (places > 0 && !trim) || alt)
    add(t, '.');
  for (int64_t j = 1; j <= shown; ++j)
    add(t, digitAt(x, x->exp + j));
  t->zeros = trim ? 0 : (size_t)(places - shown);
}

/* Style e: one digit, the point, `places` digits, the exponent. */
static void styleE(struct __cosmo_float_text *t, const struct decimal *x,
                   int64_t places, int alt, int trim, int upper) {
  add(t, digitAt(x, 0));
  int64_t exact = x->n > 1 ? x->n - 1 : 0;
  int64_t shown = exact < places ? exact : places;
  if (shown > 0 || (places > 0 && !trim) || alt)
    add(t, '.');
  for (int64_t j = 1; j <= shown; ++j)
    add(t, digitAt(x, j));
  t->zeros = trim ? 0 : (size_t)(places - shown);
  setSuffix(t, upper ? 'E' : 'e', x->exp, 2);
}

static char hexDigit(unsigned d, int upper) {
  return (char)(d < 10 ? '0' + d : (upper ? 'A' : 'a') + d - 10);
}

/* %a: [01].hhh...p±d, the 52 fraction bits as 13 hex digits, without their
 * trailing zeros unless the precision asks for them; a precision below
 * their number rounds them to nearest, ties to even (glibc's way). A
 * subnormal prints as 0x0.hhh...p-1022. */
static void styleA(struct __cosmo_float_text *t, unsigned biased,
                   uint64_t fraction, int precision, int alt, int upper) {
  unsigned h[13];
  for (int i = 0; i < 13; ++i)
    h[i] = (unsigned)(fraction >> (48 - 4 * i)) & 15;
  unsigned leading = biased != 0;
  int64_t exp = biased ? (int64_t)biased - 1023 : fraction ? -1022 : 0;
  int n = 13;
  while (n > 0 && h[n - 1] == 0)
    --n;
  if (precision >= 0 && precision < n) {
    unsigned last = precision == 0 ? leading : h[precision - 1];
    unsigned next = h[precision];
    int more = (next & 7) != 0;
    for (int i = precision + 1; i < n; ++i)
      more |= h[i] != 0;
    if (next >= 8 && ((last & 1) || more)) {
      int i = precision - 1;
      while (i >= 0 && h[i] == 15)
        h[i--] = 0;
      if (i >= 0)
        ++h[i];
      else
        ++leading; // 1.fff -> 2, 0.fff -> 1
    }
    n = precision;
  }
  int shown = precision < 0 ? n : precision;
  t->prefix[0] = '0';
  t->prefix[1] = upper ? 'X' : 'x';
  t->prefixLen = 2;
  add(t, hexDigit(leading, upper));
  if (shown > 0 || alt)
    add(t, '.');
  for (int i = 0; i < n && i < shown; ++i)
    add(t, hexDigit(h[i], upper));
  t->zeros = (size_t)(shown - (n < shown ? n : shown));
  setSuffix(t, upper ? 'P' : 'p', exp, 1);
}

void __cosmo_format_double(struct __cosmo_float_text *t, double v, char conv,
                           int precision, char plusSign, int alt) {
  union {
    double d;
    uint64_t u;
  } bits;
  bits.d = v;
  uint64_t u = bits.u;
  int negative = (int)(u >> 63);
  unsigned biased = (unsigned)(u >> 52) & 0x7ff;
  uint64_t fraction = u & (((uint64_t)1 << 52) - 1);
  int upper = conv == 'E' || conv == 'F' || conv == 'G' || conv == 'A';
  t->sign = negative ? '-' : plusSign;
  t->zeroPad = 1;
  t->prefixLen = 0;
  t->textLen = 0;
  t->zeros = 0;
  t->suffixLen = 0;
  if (biased == 0x7ff) { // inf and nan: never padded with zeros
    const char *word =
        fraction ? (upper ? "NAN" : "nan") : (upper ? "INF" : "inf");
    for (int i = 0; i < 3; ++i)
      add(t, word[i]);
    t->zeroPad = 0;
    return;
  }
  if (conv == 'a' || conv == 'A') {
    styleA(t, biased, fraction, precision, alt, upper);
    return;
  }
  struct decimal x;
  if (biased)
    toDecimal(fraction | (uint64_t)1 << 52, (int)biased - 1075, &x);
  else
    toDecimal(fraction, -1074, &x);
  int64_t p = precision < 0 ? 6 : precision;
  switch (conv) {
  case 'f':
  case 'F':
    roundDigits(&x, x.exp + 1 + p);
    styleF(t, &x, p, alt, 0);
    return;
  case 'e':
  case 'E':
    roundDigits(&x, p + 1);
    styleE(t, &x, p, alt, 0, upper);
    return;
  default: { // g G: the style by the exponent after rounding
    if (p == 0)
      p = 1;
    int before = x.exp;
    roundDigits(&x, p);
    if (x.exp < p && x.exp >= -4)
      styleF(t, &x, p - 1 - x.exp, alt, !alt);
    else if (alt && before == p - 1 && x.exp == p)
      // glibc's quirk: style f chosen before rounding, whose carry (9.5 ->
      // 10 for %#.1g, 999999.5 for %#g) makes it style e, keeps style f's
      // 0 digits after the point: "1.e+06", not "1.00000e+06".
      styleE(t, &x, 0, alt, 0, upper);
    else
      styleE(t, &x, p - 1, alt, !alt, upper);
    return;
  }
  }
}
