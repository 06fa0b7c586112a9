/* The formatter behind printf, fprintf, sprintf, snprintf and their v*
 * forms: %[flags][width][.precision][length]conversion, as glibc prints it.
 *
 * Flags - + space # 0; width and precision as digits or `*`; lengths hh h l
 * ll q j z t L; conversions d i u o x X c s p n %. %s reads its string up to
 * the NUL or the precision, so an unterminated or dangling string is an
 * error at the program's printf. %n stores the count so far. A NULL %s
 * prints "(null)" (or nothing when the precision is below 6) and a NULL %p
 * prints "(nil)", as glibc does. The floating-point conversions e E f F g
 * G a A print a double exactly as glibc does (float_format.c: the exact
 * value rounded to nearest, ties to even). A conversion cosmo does not
 * print (a long double, %Lf and the like, and the wide %lc %ls) consumes
 * its argument and prints nothing, except that %lc prints its low byte
 * like %c. An unknown conversion prints as written; a format ending inside
 * a conversion makes the result -1.
 *
 * Analysis cost: a symbolic argument must not fork the path when nothing
 * is written. The length of every integer conversion is computed without
 * branches on the argument (comparisons added up, `|` instead of `||`), so
 * printf with symbolic integers runs on one path; only writing into a
 * buffer (sprintf, snprintf) loops over the digits. A double's text is
 * computed digit by digit in any case, which forks on a symbolic one. */
#include "ctype_classes.h"
#include "internal.h"

enum { F_LEFT = 1, F_PLUS = 2, F_SPACE = 4, F_ALT = 8, F_ZERO = 16 };

struct spec {
  int flags;
  size_t width;  /* 0 when absent */
  int precision; /* -1 when absent */
  char length;   /* 0, 'H' (hh), 'h', 'l', 'q' (ll), 'j', 'z', 't', 'L' */
  char conv;     /* 0 when the format ended inside the specification */
};

/* Branch-free selection: `x & all(c)` is x when c holds and 0 otherwise.
 * Masks rather than products with 0/1, which the solver handles badly. */
static size_t all(int c) { return -(size_t)(c != 0); }
static size_t maxOf(size_t a, size_t b) { return a ^ ((a ^ b) & all(b > a)); }
static size_t minOf(size_t a, size_t b) { return a ^ ((a ^ b) & all(b < a)); }

//===--- Output -----------------------------------------------------------===//

static void put(struct __cosmo_sink *o, char c) {
  if (o->buf && o->len + 1 < o->cap)
    o->buf[o->len] = c;
  ++o->len;
}

static void putRepeated(struct __cosmo_sink *o, char c, size_t n) {
  if (!o->buf) {
    o->len += n;
    return;
  }
  for (size_t k = 0; k < n; ++k)
    put(o, c);
}

/* `n` characters of `s`, padded to the width. */
static void putText(struct __cosmo_sink *o, const struct spec *sp,
                    const char *s, size_t n) {
  size_t pad = maxOf(sp->width, n) - n;
  if (!o->buf) {
    o->len += n + pad;
    return;
  }
  if (!(sp->flags & F_LEFT))
    putRepeated(o, ' ', pad);
  for (size_t k = 0; k < n; ++k)
    put(o, s[k]);
  if (sp->flags & F_LEFT)
    putRepeated(o, ' ', pad);
}

//===--- Integers ---------------------------------------------------------===//

/* How many digits `u` has in `base` (8, 10 or 16), at least one. The loop
 * runs over the (concrete) powers of the base and adds up comparisons, so
 * a symbolic `u` does not fork. */
static size_t digitCount(unsigned long long u, unsigned base) {
  size_t n = 1;
  for (unsigned long long p = base;; p *= base) {
    n += u >= p;
    if (p > ULLONG_MAX / base)
      return n;
  }
}

static char digitChar(unsigned d, int upper) {
  return (char)('0' + d + (d > 9) * ((upper ? 'A' : 'a') - '0' - 10));
}

/* The lowest `n` digits of `u`, most significant first. */
static void putDigits(struct __cosmo_sink *o, unsigned long long u,
                      unsigned base, size_t n, int upper) {
  char digits[24]; // 2^64 has 22 octal digits
  for (size_t k = 0; k < n; ++k) {
    unsigned d;
    if (base == 10) {
      d = (unsigned)(u % 10);
      u /= 10;
    } else { // powers of two: no division for the solver
      d = (unsigned)(u & (base - 1));
      u >>= base == 16 ? 4 : 3;
    }
    digits[sizeof digits - 1 - k] = digitChar(d, upper);
  }
  for (size_t k = sizeof digits - n; k < sizeof digits; ++k)
    put(o, digits[k]);
}

/* The magnitude `u` (with a minus sign when `negative`) as conversion
 * sp->conv in `base`: [sign]["0x"][zeros to the precision]digits, padded to
 * the width with spaces, or with zeros after the prefix for the 0 flag. */
static void putInteger(struct __cosmo_sink *o, const struct spec *sp,
                       unsigned long long u, int negative, unsigned base) {
  int isSigned = sp->conv == 'd' || sp->conv == 'i' || sp->conv == 'p';
  size_t digits = digitCount(u, base);
  size_t shown = digits;   // digits of u printed
  size_t numeral = digits; // with the zeros the precision asks for
  if (sp->precision >= 0) {
    if (sp->precision == 0) // "%.0d" prints no digit for 0
      shown = digits & all(u != 0);
    numeral = maxOf(shown, (size_t)sp->precision);
  }
  if (sp->conv == 'o' && (sp->flags & F_ALT)) // the first digit must be 0
    numeral = maxOf(numeral, (digits & all(u != 0)) + 1);
  size_t prefix = 0;
  if ((sp->conv == 'x' || sp->conv == 'X') && (sp->flags & F_ALT))
    prefix = 2 & all(u != 0);
  if (sp->conv == 'p')
    prefix = 2;
  size_t sign = 0;
  if (isSigned)
    sign = (size_t)(negative | ((sp->flags & (F_PLUS | F_SPACE)) != 0));
  size_t content = sign + prefix + numeral;
  size_t pad = maxOf(sp->width, content) - content;
  if (!o->buf) {
    o->len += content + pad;
    return;
  }
  int zeroPad =
      (sp->flags & F_ZERO) && !(sp->flags & F_LEFT) && sp->precision < 0;
  if (!(sp->flags & F_LEFT) && !zeroPad)
    putRepeated(o, ' ', pad);
  if (sign)
    put(o, negative ? '-' : (sp->flags & F_PLUS) ? '+' : ' ');
  if (prefix) {
    put(o, '0');
    put(o, sp->conv == 'X' ? 'X' : 'x');
  }
  if (zeroPad)
    putRepeated(o, '0', pad);
  putRepeated(o, '0', numeral - shown);
  putDigits(o, u, base, shown, sp->conv == 'X');
  if (sp->flags & F_LEFT)
    putRepeated(o, ' ', pad);
}

//===--- Floating point ---------------------------------------------------===//

/* A double as conversion sp->conv (float_format.c): [sign]["0x"]text
 * [zeros][exponent], padded to the width with spaces, or with zeros after
 * the prefix for the 0 flag (whatever the precision; not inf and nan).
 * A function of its own, so that the large text is only on the stack of
 * floating-point conversions. */
static void putDouble(struct __cosmo_sink *o, const struct spec *sp, double v) {
  struct __cosmo_float_text t;
  char plusSign = (sp->flags & F_PLUS) ? '+' : (sp->flags & F_SPACE) ? ' ' : 0;
  __cosmo_format_double(&t, v, sp->conv, sp->precision, plusSign,
                        (sp->flags & F_ALT) != 0);
  size_t content =
      (t.sign != 0) + t.prefixLen + t.textLen + t.zeros + t.suffixLen;
  size_t pad = maxOf(sp->width, content) - content;
  if (!o->buf) {
    o->len += content + pad;
    return;
  }
  int zeroPad = (sp->flags & F_ZERO) && !(sp->flags & F_LEFT) && t.zeroPad;
  if (!(sp->flags & F_LEFT) && !zeroPad)
    putRepeated(o, ' ', pad);
  if (t.sign)
    put(o, t.sign);
  for (size_t k = 0; k < t.prefixLen; ++k)
    put(o, t.prefix[k]);
  if (zeroPad)
    putRepeated(o, '0', pad);
  for (size_t k = 0; k < t.textLen; ++k)
    put(o, t.text[k]);
  putRepeated(o, '0', t.zeros);
  for (size_t k = 0; k < t.suffixLen; ++k)
    put(o, t.suffix[k]);
  if (sp->flags & F_LEFT)
    putRepeated(o, ' ', pad);
}

static long long fetchSigned(char length, va_list *ap) {
  switch (length) {
  case 'H':
    return (signed char)va_arg(*ap, int);
  case 'h':
    return (short)va_arg(*ap, int);
  case 'l':
    return va_arg(*ap, long);
  case 'q':
  case 'L':
    return va_arg(*ap, long long);
  case 'j':
    return va_arg(*ap, intmax_t);
  case 'z':
    return (ptrdiff_t)va_arg(*ap, size_t);
  case 't':
    return va_arg(*ap, ptrdiff_t);
  default:
    return va_arg(*ap, int);
  }
}

static unsigned long long fetchUnsigned(char length, va_list *ap) {
  switch (length) {
  case 'H':
    return (unsigned char)va_arg(*ap, unsigned);
  case 'h':
    return (unsigned short)va_arg(*ap, unsigned);
  case 'l':
    return va_arg(*ap, unsigned long);
  case 'q':
  case 'L':
    return va_arg(*ap, unsigned long long);
  case 'j':
    return va_arg(*ap, uintmax_t);
  case 'z':
    return va_arg(*ap, size_t);
  case 't':
    return (size_t)va_arg(*ap, ptrdiff_t);
  default:
    return va_arg(*ap, unsigned);
  }
}

/* %n: the count so far, into an object of the length's type. */
static void storeCount(char length, va_list *ap, size_t n) {
  switch (length) {
  case 'H':
    *va_arg(*ap, signed char *) = (signed char)n;
    break;
  case 'h':
    *va_arg(*ap, short *) = (short)n;
    break;
  case 'l':
    *va_arg(*ap, long *) = (long)n;
    break;
  case 'q':
  case 'L':
    *va_arg(*ap, long long *) = (long long)n;
    break;
  case 'j':
    *va_arg(*ap, intmax_t *) = (intmax_t)n;
    break;
  case 'z':
    *va_arg(*ap, size_t *) = n;
    break;
  case 't':
    *va_arg(*ap, ptrdiff_t *) = (ptrdiff_t)n;
    break;
  default:
    *va_arg(*ap, int *) = (int)n;
    break;
  }
}

//===--- Specifications ---------------------------------------------------===//

static int flagOf(char c) {
  switch (c) {
  case '-':
    return F_LEFT;
  case '+':
    return F_PLUS;
  case ' ':
    return F_SPACE;
  case '#':
    return F_ALT;
  case '0':
    return F_ZERO;
  default:
    return 0;
  }
}

/* Parses the specification after a '%'; returns what follows it. */
static const char *parseSpec(const char *f, struct spec *sp, va_list *ap) {
  for (int flag; (flag = flagOf(*f)); ++f)
    sp->flags |= flag;
  if (*f == '*') {
    int w = va_arg(*ap, int);
    if (w < 0) // a negative width is the '-' flag
      sp->flags |= F_LEFT;
    sp->width = w < 0 ? 0u - (unsigned)w : (unsigned)w;
    ++f;
  } else {
    while (DIGIT(*f))
      sp->width = sp->width * 10 + (size_t)(*f++ - '0');
  }
  if (*f == '.') {
    ++f;
    if (*f == '*') {
      int p = va_arg(*ap, int);
      sp->precision = p < 0 ? -1 : p; // a negative precision is none
      ++f;
    } else {
      sp->precision = 0;
      while (DIGIT(*f))
        sp->precision = sp->precision * 10 + (*f++ - '0');
    }
  }
  if ((f[0] == 'h' || f[0] == 'l') && f[1] == f[0]) {
    sp->length = f[0] == 'h' ? 'H' : 'q';
    f += 2;
  } else if (*f == 'h' || *f == 'l' || *f == 'q' || *f == 'j' || *f == 'z' ||
             *f == 't' || *f == 'L') {
    sp->length = *f++;
  }
  sp->conv = *f;
  return *f ? f + 1 : f;
}

/* One conversion; `start` and `end` delimit its text in the format. */
static void convert(struct __cosmo_sink *o, const struct spec *sp, va_list *ap,
                    const char *start, const char *end) {
  switch (sp->conv) {
  case 'd':
  case 'i': {
    long long v = fetchSigned(sp->length, ap);
    // |v| without a branch: flip the bits of a negative v and add one.
    unsigned long long negative = v < 0;
    putInteger(o, sp, ((unsigned long long)v ^ -negative) + negative,
               (int)negative, 10);
    return;
  }
  case 'u':
    putInteger(o, sp, fetchUnsigned(sp->length, ap), 0, 10);
    return;
  case 'o':
    putInteger(o, sp, fetchUnsigned(sp->length, ap), 0, 8);
    return;
  case 'x':
  case 'X':
    putInteger(o, sp, fetchUnsigned(sp->length, ap), 0, 16);
    return;
  case 'p': {
    void *p = va_arg(*ap, void *);
    if (p)
      putInteger(o, sp, (uintptr_t)p, 0, 16);
    else
      putText(o, sp, "(nil)", 5);
    return;
  }
  case 'c': {
    char c = (char)va_arg(*ap, int);
    putText(o, sp, &c, 1);
    return;
  }
  case 's': {
    const char *s = va_arg(*ap, const char *);
    if (sp->length == 'l')
      return;
    if (!s)
      s = sp->precision < 0 || sp->precision >= 6 ? "(null)" : "";
    size_t max = sp->precision < 0 ? SIZE_MAX : (size_t)sp->precision;
    putText(o, sp, s, __cosmo_strnlen(s, max));
    return;
  }
  case 'n':
    storeCount(sp->length, ap, o->len);
    return;
  case '%':
    put(o, '%');
    return;
  case 'e':
  case 'E':
  case 'f':
  case 'F':
  case 'g':
  case 'G':
  case 'a':
  case 'A':
    if (sp->length == 'L') // cosmo does not compute long double
      (void)va_arg(*ap, long double);
    else
      putDouble(o, sp, va_arg(*ap, double));
    return;
  default:
    for (const char *c = start; c < end; ++c)
      put(o, *c);
    return;
  }
}

/* The count as printf returns it: -1 with errno EOVERFLOW when it does not
 * fit an int. Counts are symbolic when arguments are, and a count above
 * INT_MAX is almost never possible: computed without a branch, so that no
 * solver query asks. */
static int result(size_t len) {
  unsigned over = -(unsigned)(len > INT_MAX);
  int *e = __errno_location();
  *e = (int)(((unsigned)*e & ~over) | (COSMO_EOVERFLOW & over));
  return (int)((unsigned)len | over);
}

int __cosmo_format(struct __cosmo_sink *o, const char *fmt, va_list ap) {
  va_list args;
  va_copy(args, ap);
  int complete = 1;
  for (const char *f = fmt; *f;) {
    if (*f != '%') {
      put(o, *f++);
      continue;
    }
    const char *start = f;
    struct spec sp = {0, 0, -1, 0, 0};
    f = parseSpec(f + 1, &sp, &args);
    if (!sp.conv) {
      complete = 0;
      break;
    }
    convert(o, &sp, &args, start, f);
  }
  va_end(args);
  if (o->buf && o->cap > 0)
    o->buf[minOf(o->len, o->cap - 1)] = 0;
  return complete ? result(o->len) : -1;
}
