/* <stdio.h>: streams that read, over the file descriptors of files.c.
 *
 * fopen opens a descriptor and allocates its stream; fclose frees it, so
 * that a stream used after fclose is a use-after-free reported at the
 * program's call. Reading goes through the descriptor a byte at a time
 * (no buffer: what a program observes is the same). Output functions are
 * in stdio.c. */
#include "internal.h"

#define COSMO_EOF (-1)

/* fopen's mode string as open's flags; -1 for a mode glibc rejects. */
static int flagsOf(const char *mode) {
  int flags;
  switch (mode[0]) {
  case 'r': flags = COSMO_O_RDONLY; break;
  case 'w': flags = COSMO_O_WRONLY | COSMO_O_CREAT | COSMO_O_TRUNC; break;
  case 'a': flags = COSMO_O_WRONLY | COSMO_O_CREAT | COSMO_O_APPEND; break;
  default: return -1;
  }
  for (const char *m = mode + 1; *m; ++m)
    if (*m == '+')
      flags = (flags & ~COSMO_O_ACCMODE) | COSMO_O_RDWR;
  return flags;
}

FILE *fopen(const char *path, const char *mode) {
  int flags = flagsOf(mode);
  if (flags < 0) {
    COSMO_ERRNO = COSMO_EINVAL;
    return NULL;
  }
  int fd = __cosmo_open(path, flags);
  if (fd < 0)
    return NULL;
  FILE *f = malloc(sizeof(FILE));
  f->fd = fd;
  f->ungot = -1;
  f->eof = 0;
  f->error = 0;
  f->allocated = 1;
  return f;
}

FILE *fopen64(const char *path, const char *mode) { return fopen(path, mode); }

int fclose(FILE *f) {
  int r = __cosmo_close(f->fd);
  f->fd = -1;
  if (f->allocated)
    free(f);
  return r == 0 ? 0 : COSMO_EOF;
}

int fgetc(FILE *f) {
  if (f->ungot >= 0) {
    int c = f->ungot;
    f->ungot = -1;
    return c;
  }
  unsigned char c;
  long n = __cosmo_read(f->fd, &c, 1);
  if (n == 1)
    return c;
  if (n == 0)
    f->eof = 1;
  else
    f->error = 1;
  return COSMO_EOF;
}

int getc(FILE *f) { return fgetc(f); }
int getchar(void) { return fgetc(stdin); }
int _IO_getc(FILE *f) { return fgetc(f); }

int ungetc(int c, FILE *f) {
  if (c == COSMO_EOF)
    return COSMO_EOF;
  f->ungot = (unsigned char)c;
  f->eof = 0;
  return (unsigned char)c;
}

char *fgets(char *s, int n, FILE *f) {
  if (n <= 0)
    return NULL;
  int k = 0;
  while (k < n - 1) {
    int c = fgetc(f);
    if (c == COSMO_EOF)
      break;
    s[k++] = (char)c;
    if (c == '\n')
      break;
  }
  if (k == 0 && n > 1)
    return NULL;
  if (f->error)
    return NULL;
  s[k] = 0;
  return s;
}

size_t fread(void *ptr, size_t size, size_t n, FILE *f) {
  size_t total = size * n;
  if (total == 0)
    return 0;
  unsigned char *out = ptr;
  size_t k = 0;
  if (f->ungot >= 0) {
    out[k++] = (unsigned char)f->ungot;
    f->ungot = -1;
  }
  long r = __cosmo_read(f->fd, out + k, total - k);
  if (r < 0)
    f->error = 1;
  else
    k += (size_t)r;
  if (k < total && r >= 0)
    f->eof = 1;
  return k / size;
}

/* getdelim and getline: the line goes to *line, grown with malloc (the
 * engine's realloc wants constant sizes, which these are). */
long getdelim(char **line, size_t *cap, int delim, FILE *f) {
  if (!line || !cap) {
    COSMO_ERRNO = COSMO_EINVAL;
    return -1;
  }
  size_t len = 0;
  for (;;) {
    int c = fgetc(f);
    if (c == COSMO_EOF)
      break;
    if (!*line || len + 2 > *cap) {
      size_t grown = *cap < 60 ? 120 : 2 * *cap;
      char *bigger = malloc(grown);
      for (size_t k = 0; k < len; ++k)
        bigger[k] = (*line)[k];
      if (*line)
        free(*line);
      *line = bigger;
      *cap = grown;
    }
    (*line)[len++] = (char)c;
    if (c == delim)
      break;
  }
  if (len == 0)
    return -1;
  (*line)[len] = 0;
  return (long)len;
}

long getline(char **line, size_t *cap, FILE *f) {
  return getdelim(line, cap, '\n', f);
}

int feof(FILE *f) { return f->eof; }
int ferror(FILE *f) { return f->error; }
void clearerr(FILE *f) {
  f->eof = 0;
  f->error = 0;
}
int fileno(FILE *f) { return f->fd; }

int fseek(FILE *f, long offset, int whence) {
  if (whence == 1 && f->ungot >= 0)
    offset -= 1;
  f->ungot = -1;
  if (__cosmo_lseek(f->fd, offset, whence) < 0)
    return -1;
  f->eof = 0;
  return 0;
}

int fseeko(FILE *f, long offset, int whence) { return fseek(f, offset, whence); }

long ftell(FILE *f) {
  long p = __cosmo_lseek(f->fd, 0, 1);
  if (p < 0)
    return -1;
  return f->ungot >= 0 ? p - 1 : p;
}

long ftello(FILE *f) { return ftell(f); }

void rewind(FILE *f) {
  fseek(f, 0, 0);
  f->error = 0;
}
