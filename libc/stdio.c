/* <stdio.h>: output without output.
 *
 * Nothing is written anywhere: the functions read what they would print
 * (so printing an unterminated string is an error at the program's call)
 * and return what glibc returns. The printf family formats with the one
 * formatter (format.c): printf, fprintf, vprintf, vfprintf only count
 * (writing to a stream not open for writing is an EOF and its error);
 * sprintf, snprintf, vsprintf, vsnprintf write into their buffer. */
#include "internal.h"

static FILE files[3] = {{0, -1, 0, 0, 0}, {1, -1, 0, 0, 0}, {2, -1, 0, 0, 0}};
FILE *stdin = &files[0];
FILE *stdout = &files[1];
FILE *stderr = &files[2];

static int count(const char *fmt, va_list ap) {
  struct __cosmo_sink o = {NULL, 0, 0};
  return __cosmo_format(&o, fmt, ap);
}

/* snprintf's rule: at most n - 1 characters and a NUL; nothing for n = 0. */
static int writeBounded(char *buf, size_t n, const char *fmt, va_list ap) {
  struct __cosmo_sink o = {n ? buf : NULL, n, 0};
  return __cosmo_format(&o, fmt, ap);
}

int vprintf(const char *fmt, va_list ap) { return count(fmt, ap); }

/* Writing to a stream not open for writing fails as glibc's does: EOF
 * (or -1, or 0 items) and the stream's error indicator. */
static int unwritable(FILE *stream) {
  if (__cosmo_fd_writable(stream->fd))
    return 0;
  stream->error = 1;
  COSMO_ERRNO = COSMO_EBADF;
  return 1;
}

int vfprintf(FILE *stream, const char *fmt, va_list ap) {
  if (unwritable(stream))
    return -1;
  return count(fmt, ap);
}

int vsnprintf(char *buf, size_t n, const char *fmt, va_list ap) {
  return writeBounded(buf, n, fmt, ap);
}

int vsprintf(char *buf, const char *fmt, va_list ap) {
  return writeBounded(buf, SIZE_MAX, fmt, ap);
}

int printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = count(fmt, ap);
  va_end(ap);
  return r;
}

int fprintf(FILE *stream, const char *fmt, ...) {
  if (unwritable(stream))
    return -1;
  va_list ap;
  va_start(ap, fmt);
  int r = count(fmt, ap);
  va_end(ap);
  return r;
}

int snprintf(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = writeBounded(buf, n, fmt, ap);
  va_end(ap);
  return r;
}

int sprintf(char *buf, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = writeBounded(buf, SIZE_MAX, fmt, ap);
  va_end(ap);
  return r;
}

/* glibc's puts returns the number of bytes written, at most INT_MAX. */
int puts(const char *s) {
  size_t n = __cosmo_strnlen(s, SIZE_MAX) + 1;
  return n > INT_MAX ? INT_MAX : (int)n;
}

/* glibc's fputs returns 1. */
int fputs(const char *s, FILE *stream) {
  __cosmo_strnlen(s, SIZE_MAX);
  if (unwritable(stream))
    return -1;
  return 1;
}

int putchar(int c) { return (unsigned char)c; }
int fputc(int c, FILE *stream) {
  return unwritable(stream) ? -1 : (unsigned char)c;
}
int putc(int c, FILE *stream) {
  return unwritable(stream) ? -1 : (unsigned char)c;
}

/* Reads the `size * n` bytes it would write. */
size_t fwrite(const void *ptr, size_t size, size_t n, FILE *stream) {
  __cosmo_touch(ptr, size * n);
  if (unwritable(stream))
    return 0;
  return size == 0 ? 0 : n;
}

int fflush(FILE *stream) { return 0; }

void perror(const char *s) {
  if (s && *s)
    __cosmo_strnlen(s, SIZE_MAX);
}
