/* The character classes of the C locale, as constant expressions: used by
 * the <ctype.h> functions (ctype.c) and to build glibc's tables
 * (ctype_tables.c). Each is 0 or 1 and has no branch (`|` and `&`, never
 * `||` or `&&`), so classifying a symbolic character never forks. Only
 * ASCII has classes: every class is 0 outside [0, 127]. */
#ifndef COSMO_LIBC_CTYPE_CLASSES_H
#define COSMO_LIBC_CTYPE_CLASSES_H

/* `c` in [lo, lo + n), as one unsigned comparison. */
#define IN(c, lo, n) ((unsigned)((c) - (lo)) < (unsigned)(n))

#define UPPER(c) IN(c, 'A', 26)
#define LOWER(c) IN(c, 'a', 26)
#define ALPHA(c) (UPPER(c) | LOWER(c))
#define DIGIT(c) IN(c, '0', 10)
#define ALNUM(c) (ALPHA(c) | DIGIT(c))
#define XDIGIT(c) (DIGIT(c) | IN(c, 'a', 6) | IN(c, 'A', 6))
#define SPACE(c) (((c) == ' ') | IN(c, '\t', 5))
#define BLANK(c) (((c) == ' ') | ((c) == '\t'))
#define CNTRL(c) (IN(c, 0, 0x20) | ((c) == 0x7f))
#define PRINT(c) IN(c, 0x20, 0x5f)
#define GRAPH(c) IN(c, 0x21, 0x5e)
#define PUNCT(c) (GRAPH(c) & !ALNUM(c))

/* glibc's C locale maps the negative values of a signed char, but not EOF,
 * to the unsigned byte: tolower(-56) is 200. Programs replayed natively see
 * that, so the models do the same. */
#define AS_UNSIGNED(c) ((c) + 256 * IN(c, -128, 127))
#define LOWER_OF(c) (AS_UNSIGNED(c) + 32 * UPPER(c))
#define UPPER_OF(c) (AS_UNSIGNED(c) - 32 * LOWER(c))

#endif
