/* <string.h>: the mem* and str* functions.
 *
 * Straightforward byte loops: cosmo executes them symbolically, so a
 * symbolic string gives one path per possible length, and an access past an
 * object's end is reported at the program's call. Comparisons return the
 * difference of the first differing bytes (as glibc does on x86) rather than
 * -1/1, which would cost a branch on symbolic bytes. Loops test their exit
 * conditions with `|` instead of `||`: one branch per byte, not two. */
#include "internal.h"

void *memcpy(void *dst, const void *src, size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  for (size_t i = 0; i < n; ++i)
    d[i] = s[i];
  return dst;
}

void *memmove(void *dst, const void *src, size_t n) {
  unsigned char *d = dst;
  const unsigned char *s = src;
  if (d < s) {
    for (size_t i = 0; i < n; ++i)
      d[i] = s[i];
  } else {
    for (size_t i = n; i > 0; --i)
      d[i - 1] = s[i - 1];
  }
  return dst;
}

void *memset(void *dst, int c, size_t n) {
  unsigned char *d = dst;
  for (size_t i = 0; i < n; ++i)
    d[i] = (unsigned char)c;
  return dst;
}

int memcmp(const void *a, const void *b, size_t n) {
  const unsigned char *x = a, *y = b;
  for (size_t i = 0; i < n; ++i)
    if (x[i] != y[i])
      return x[i] - y[i];
  return 0;
}

void *memchr(const void *s, int c, size_t n) {
  const unsigned char *p = s;
  for (size_t i = 0; i < n; ++i)
    if (p[i] == (unsigned char)c)
      return (void *)(p + i);
  return NULL;
}

/* Helpers shared by the public functions below, which never call each
 * other (internal.h). */

size_t __cosmo_strnlen(const char *s, size_t max) {
  size_t n = 0;
  while (n < max && s[n])
    ++n;
  return n;
}

static size_t length(const char *s) { return __cosmo_strnlen(s, SIZE_MAX); }

int __cosmo_strcmp(const char *a, const char *b) {
  for (size_t i = 0;; ++i) {
    unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
    if ((x != y) | (x == 0))
      return x - y;
  }
}

static char *copy(char *dst, const char *src) {
  size_t i = 0;
  while ((dst[i] = src[i]))
    ++i;
  return dst;
}

static void copyBytes(char *dst, const char *src, size_t n) {
  for (size_t i = 0; i < n; ++i)
    dst[i] = src[i];
}

/* Whether `c` is one of the bytes of `set` (never for c == 0). The set is
 * usually a constant: accumulating the comparisons instead of returning at
 * the first match keeps a symbolic `c` from forking once per member. */
static int inSet(char c, const char *set) {
  int found = 0;
  for (; *set; ++set)
    found |= *set == c;
  return found;
}

/* The length of the prefix of `s` whose bytes are (`want` = 1) or are not
 * (`want` = 0) in `set`. */
static size_t span(const char *s, const char *set, int want) {
  size_t n = 0;
  while ((s[n] != 0) & (inSet(s[n], set) == want))
    ++n;
  return n;
}

size_t strlen(const char *s) { return length(s); }

size_t strnlen(const char *s, size_t max) { return __cosmo_strnlen(s, max); }

int strcmp(const char *a, const char *b) { return __cosmo_strcmp(a, b); }

int strncmp(const char *a, const char *b, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
    if ((x != y) | (x == 0))
      return x - y;
  }
  return 0;
}

/* The C locale collates by byte value. */
int strcoll(const char *a, const char *b) { return __cosmo_strcmp(a, b); }

char *strcpy(char *dst, const char *src) { return copy(dst, src); }

char *strncpy(char *dst, const char *src, size_t n) {
  size_t i = 0;
  for (; i < n && src[i]; ++i)
    dst[i] = src[i];
  for (; i < n; ++i)
    dst[i] = 0;
  return dst;
}

char *strcat(char *dst, const char *src) {
  copy(dst + length(dst), src);
  return dst;
}

char *strncat(char *dst, const char *src, size_t n) {
  char *d = dst + length(dst);
  size_t i = __cosmo_strnlen(src, n);
  copyBytes(d, src, i);
  d[i] = 0;
  return dst;
}

char *strchr(const char *s, int c) {
  for (;; ++s)
    if ((*s == (char)c) | (*s == 0))
      return *s == (char)c ? (char *)s : NULL;
}

/* Backwards from the end: remembering the last match while scanning
 * forwards would fork on every byte that may match, one path per set of
 * matching positions. */
char *strrchr(const char *s, int c) {
  for (size_t i = length(s) + 1; i-- > 0;)
    if (s[i] == (char)c)
      return (char *)(s + i);
  return NULL;
}

size_t strspn(const char *s, const char *accept) { return span(s, accept, 1); }

size_t strcspn(const char *s, const char *reject) { return span(s, reject, 0); }

char *strpbrk(const char *s, const char *accept) {
  s += span(s, accept, 0);
  return *s ? (char *)s : NULL;
}

char *strstr(const char *haystack, const char *needle) {
  for (;; ++haystack) {
    size_t i = 0;
    while (needle[i] && haystack[i] == needle[i])
      ++i;
    if (!needle[i])
      return (char *)haystack;
    if (!*haystack)
      return NULL;
  }
}

static char *tokenize(char *s, const char *delim, char **rest) {
  if (!s)
    s = *rest;
  s += span(s, delim, 1);
  if (!*s) {
    *rest = s;
    return NULL;
  }
  char *end = s + span(s, delim, 0);
  if (*end)
    *end++ = 0;
  *rest = end;
  return s;
}

/* strtok_r's state is the rest of the string, kept by the caller. */
char *strtok_r(char *s, const char *delim, char **rest) {
  return tokenize(s, delim, rest);
}

char *strtok(char *s, const char *delim) {
  static char *rest;
  return tokenize(s, delim, &rest);
}

char *__cosmo_strdup(const char *s) {
  size_t n = length(s) + 1;
  char *d = malloc(n);
  if (d)
    copyBytes(d, s, n);
  return d;
}

char *strdup(const char *s) { return __cosmo_strdup(s); }

char *strndup(const char *s, size_t max) {
  size_t n = __cosmo_strnlen(s, max);
  char *d = malloc(n + 1);
  if (!d)
    return NULL;
  copyBytes(d, s, n);
  d[n] = 0;
  return d;
}

/* strerror: glibc's messages for the errno values a program meets most;
 * others read "Unknown error N" as glibc writes an unknown one (the text
 * of a known one cosmo lacks differs from glibc's, which only printing
 * shows). */
char *strerror(int e) {
  static const struct {
    int value;
    const char *text;
  } messages[] = {
      {0, "Success"},
      {1, "Operation not permitted"},
      {2, "No such file or directory"},
      {4, "Interrupted system call"},
      {5, "Input/output error"},
      {9, "Bad file descriptor"},
      {11, "Resource temporarily unavailable"},
      {12, "Cannot allocate memory"},
      {13, "Permission denied"},
      {17, "File exists"},
      {20, "Not a directory"},
      {21, "Is a directory"},
      {22, "Invalid argument"},
      {24, "Too many open files"},
      {28, "No space left on device"},
      {29, "Illegal seek"},
      {32, "Broken pipe"},
      {33, "Numerical argument out of domain"},
      {34, "Numerical result out of range"},
      {75, "Value too large for defined data type"},
      {84, "Invalid or incomplete multibyte or wide character"},
  };
  for (size_t k = 0; k < sizeof messages / sizeof messages[0]; ++k)
    if (messages[k].value == e)
      return (char *)messages[k].text;
  static char unknown[32] = "Unknown error ";
  /* The number after the prefix (14 characters), as %d writes it. */
  char digits[12];
  int n = 0;
  unsigned magnitude = e < 0 ? 0u - (unsigned)e : (unsigned)e;
  do {
    digits[n++] = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude);
  int at = 14;
  if (e < 0)
    unknown[at++] = '-';
  while (n > 0)
    unknown[at++] = digits[--n];
  unknown[at] = 0;
  return unknown;
}
