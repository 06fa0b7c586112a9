/* Declarations shared by the files of cosmo's libc.
 *
 * The libc is compiled freestanding: only the compiler's own headers
 * (stddef.h, stdarg.h, limits.h, stdint.h) are used, and every type and
 * constant that a program sees through glibc's headers is declared here
 * with glibc's layout or value, because the program being analysed was
 * compiled against glibc's headers and calls these definitions.
 *
 * Rule: a model never calls another public libc name (a program may define
 * its own `strlen`, and the linker would then bind our call to it). Code
 * shared between files lives in `__cosmo_` functions declared below; code
 * shared inside one file in `static` helpers. The engine primitives
 * (malloc, free, ...) are the exception: they are the engine's. */
#ifndef COSMO_LIBC_INTERNAL_H
#define COSMO_LIBC_INTERNAL_H

#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Engine primitives (src/engine/SpecialFunctions.cpp). */
void *malloc(size_t n);
void free(void *p);

/* errno values of Linux. */
#define COSMO_EINVAL 22
#define COSMO_ERANGE 34
#define COSMO_EOVERFLOW 75

int *__errno_location(void);
#define COSMO_ERRNO (*__errno_location())

/* The length of `s`, at most `max` (string.c). */
size_t __cosmo_strnlen(const char *s, size_t max);
/* strcmp and strdup (string.c). */
int __cosmo_strcmp(const char *a, const char *b);
char *__cosmo_strdup(const char *s);

/* errno values of Linux for files. */
#define COSMO_ENOENT 2
#define COSMO_EBADF 9
#define COSMO_EMFILE 24

/* The environment the engine gives main (src/engine/Environment.cpp):
 * standard input (index -1) and the files A, B, ... (index 0, 1, ...).
 * Returns the bytes and sets *size; NULL with *size -1 when that part of
 * the environment is not symbolic, NULL with *size 0 for an absent file.
 * Index -2 sets *size to the number of files (-1: no file system). */
void *__cosmo_env_file(int index, long *size);
/* A fresh symbolic string for environment variable `name`, or NULL when
 * variables are not symbolic. */
char *__cosmo_env_var(const char *name);
/* Ends the path unknown with the reason `why`. */
void __cosmo_env_unknown(const char *why);

/* File descriptors (files.c): POSIX open, read, write, close and lseek
 * over the environment's files. Output is discarded. */
int __cosmo_open(const char *path, int flags);
long __cosmo_read(int fd, void *buf, size_t n);
long __cosmo_write(int fd, const void *buf, size_t n);
int __cosmo_close(int fd);
long __cosmo_lseek(int fd, long offset, int whence);
/* Whether fd is open for writing. */
int __cosmo_fd_writable(int fd);

/* open's flags and lseek's whence, as Linux has them. */
#define COSMO_O_ACCMODE 3
#define COSMO_O_RDONLY 0
#define COSMO_O_WRONLY 1
#define COSMO_O_RDWR 2
#define COSMO_O_CREAT 0100
#define COSMO_O_TRUNC 01000
#define COSMO_O_APPEND 02000

/* A stream: a file descriptor, the character ungetc pushed back (-1:
 * none) and the end-of-file and error indicators. The program only holds
 * pointers to it (glibc's FILE is opaque to portable code). */
typedef struct __cosmo_file {
  int fd;
  int ungot;
  int eof;
  int error;
  int allocated; /* by fopen: fclose frees it */
} FILE;

extern FILE *stdin, *stdout, *stderr;

/* The text a path reads: bytes of `s` it would print, for output functions
 * that discard what they write (stdio.c). */
void __cosmo_touch(const void *p, size_t n);

/* Where formatted text goes: `buf` (NULL: nowhere, only counted) holds
 * at most `cap - 1` characters and the final NUL (snprintf's rule). */
struct __cosmo_sink {
  char *buf;
  size_t cap;
  size_t len; /* characters produced, written or not */
};

/* The printf family's formatter: formats into `out` and returns the number
 * of characters produced, or -1 with errno EOVERFLOW when that exceeds
 * INT_MAX. Writes the final NUL when `out->buf` is set and `out->cap` > 0. */
int __cosmo_format(struct __cosmo_sink *out, const char *fmt, va_list ap);

/* A double as printf prints it (float_format.c), in the pieces format.c
 * lays out with the width: `sign` (0 for none), `prefix` ("0x" of %a),
 * where the 0 flag pads when `zeroPad`, then `text`, `zeros` zeros (what
 * a precision asks beyond the exact digits) and `suffix` (an exponent). */
struct __cosmo_float_text {
  char sign;
  char zeroPad; /* not for inf and nan */
  char prefix[2];
  size_t prefixLen;
  /* At most 309 integer digits, the point and 1074 fraction digits. */
  char text[1400];
  size_t textLen;
  size_t zeros;
  char suffix[8];
  size_t suffixLen;
};

/* Converts `v` for conversion `conv` (e E f F g G a A) with `precision`
 * (-1 when absent), `plusSign` ('+', ' ' or 0) before a nonnegative value
 * and the # flag `alt`, exactly and rounded to nearest, ties to even. */
void __cosmo_format_double(struct __cosmo_float_text *t, double v, char conv,
                           int precision, char plusSign, int alt);

/* The strto* family's parser (strtol.c): the value of the subject sequence
 * of `nptr` in `base`, clamped to [min, max] with errno ERANGE. Unsigned
 * parsing passes min = 0 and negates a '-' value modulo 2^64 the way
 * strtoul does (the caller truncates). */
long long __cosmo_strto_signed(const char *nptr, char **endptr, int base,
                               long long min, long long max);
unsigned long long __cosmo_strto_unsigned(const char *nptr, char **endptr,
                                          int base, unsigned long long max);

/* What rounding a value to a double or float did (strtod.c). */
struct __cosmo_round_flags {
  int inexact;
  int tiny; /* below the smallest normal after rounding (x86's rule) */
  int overflow;
};

/* The bits of the double (single = 0) or float (single = 1) nearest to
 * (q + s) * 2^e, s = 0 when !sticky and in (0, 1) otherwise, rounded to
 * nearest with ties to even, with the sign `negative`; q < 2^62. No
 * floating-point operation: strtod, strtof and the math functions share
 * it. Overflow gives inf. */
uint64_t __cosmo_float_round(uint64_t q, long long e, int sticky, int negative,
                             int single, struct __cosmo_round_flags *flags);

#endif
