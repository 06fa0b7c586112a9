/* <fcntl.h>, <unistd.h>: file descriptors over the symbolic environment.
 *
 * Descriptor 0 reads standard input (--sym-stdin N: N symbolic bytes),
 * 1 and 2 write nowhere. open() finds the files of --sym-files COUNT N by
 * their names "A", "B", ...; any other name does not exist (ENOENT), unless
 * it is opened to be written: a created file takes the output and drops it.
 * Without --sym-files, opening a file to read it ends the path unknown, as
 * does reading standard input without --sym-stdin: cosmo does not know
 * what they hold. Writes are discarded (a file's bytes stay as they were).
 * As natively with a regular file, standard input can be seeked. */
#include "internal.h"

enum { MAX_FDS = 16, MAX_FILES = 26 };
/* What a description reads besides the files A, B, ... (0, 1, ...). */
enum { STANDARD_INPUT = -1, NOTHING = -2 /* output only: discarded */ };

/* An open file description. */
struct description {
  int open;
  int readable;
  int writable;
  int file; /* STANDARD_INPUT, NOTHING or a file of the environment */
  long position;
};

static struct description fds[MAX_FDS] = {{1, 1, 0, STANDARD_INPUT, 0},
                                          {1, 0, 1, NOTHING, 0},
                                          {1, 0, 1, NOTHING, 0}};

/* The environment's bytes, asked for once per file. */
static const unsigned char *data[MAX_FILES + 1];
static long sizes[MAX_FILES + 1];
static char known[MAX_FILES + 1];

/* The bytes of file `file` (-1: standard input) and their number; -1 when
 * the environment does not say (then the path has ended unknown). */
static long contentOf(int file, const unsigned char **bytes) {
  int slot = file + 1;
  if (!known[slot]) {
    long size = -1;
    data[slot] = __cosmo_env_file(file, &size);
    sizes[slot] = size;
    known[slot] = 1;
  }
  *bytes = data[slot];
  return sizes[slot];
}

static struct description *described(int fd) {
  if (fd < 0 || fd >= MAX_FDS || !fds[fd].open) {
    COSMO_ERRNO = COSMO_EBADF;
    return NULL;
  }
  return &fds[fd];
}

/* The number of the environment's files; -1 when there are none at all. */
static long fileCount(void) {
  static long count;
  static char asked;
  if (!asked) {
    __cosmo_env_file(-2, &count);
    asked = 1;
  }
  return count;
}

/* The environment's file named `path`, or -1. A path per file when the
 * name is symbolic, so that each file's index is a constant. */
static int fileNamed(const char *path) {
  long count = fileCount();
  for (int k = 0; k < count && k < MAX_FILES; ++k)
    if (path[0] == 'A' + k && path[1] == 0)
      return k;
  return -1;
}

int __cosmo_open(const char *path, int flags) {
  int mode = flags & COSMO_O_ACCMODE;
  int file = fileNamed(path);
  const unsigned char *bytes = NULL;
  long size = -1;
  if (file >= 0) {
    size = contentOf(file, &bytes);
  } else {
    __cosmo_strnlen(path, SIZE_MAX); /* an unterminated name is an error */
    size = fileCount() < 0 ? -1 : 0;
  }
  if (size < 0 && !(flags & COSMO_O_CREAT)) {
    __cosmo_env_unknown("the program opens a file to read it, and cosmo has "
                        "no files without --sym-files COUNT N");
    return -1;
  }
  int exists = bytes != NULL;
  if (!exists && !(flags & COSMO_O_CREAT)) {
    COSMO_ERRNO = COSMO_ENOENT;
    return -1;
  }
  int fd = 0;
  while (fd < MAX_FDS && fds[fd].open)
    ++fd;
  if (fd == MAX_FDS) {
    COSMO_ERRNO = COSMO_EMFILE;
    return -1;
  }
  fds[fd].open = 1;
  fds[fd].readable = mode != COSMO_O_WRONLY;
  fds[fd].writable = mode != COSMO_O_RDONLY;
  /* A created file reads as empty: what was written to it is dropped. */
  fds[fd].file = exists ? file : NOTHING;
  fds[fd].position = 0;
  return fd;
}

long __cosmo_read(int fd, void *buf, size_t n) {
  struct description *d = described(fd);
  if (!d || !d->readable) {
    COSMO_ERRNO = COSMO_EBADF;
    return -1;
  }
  const unsigned char *bytes = NULL;
  long size = d->file == NOTHING ? 0 : contentOf(d->file, &bytes);
  if (size < 0) {
    __cosmo_env_unknown("the program reads standard input, and cosmo has "
                        "none without --sym-stdin N");
    return -1;
  }
  long left = d->position < size ? size - d->position : 0;
  size_t k = n < (size_t)left ? n : (size_t)left;
  unsigned char *out = buf;
  for (size_t i = 0; i < k; ++i)
    out[i] = bytes[d->position + i];
  d->position += k;
  return (long)k;
}

void __cosmo_touch(const void *p, size_t n) {
  const volatile unsigned char *bytes = p;
  for (size_t k = 0; k < n; ++k)
    (void)bytes[k];
}

long __cosmo_write(int fd, const void *buf, size_t n) {
  struct description *d = described(fd);
  if (!d || !d->writable) {
    COSMO_ERRNO = COSMO_EBADF;
    return -1;
  }
  __cosmo_touch(buf, n);
  d->position += n;
  return (long)n;
}

int __cosmo_fd_writable(int fd) {
  return fd >= 0 && fd < MAX_FDS && fds[fd].open && fds[fd].writable;
}

int __cosmo_close(int fd) {
  struct description *d = described(fd);
  if (!d)
    return -1;
  d->open = 0;
  return 0;
}

long __cosmo_lseek(int fd, long offset, int whence) {
  struct description *d = described(fd);
  if (!d)
    return -1;
  const unsigned char *bytes = NULL;
  long size =
      d->file == NOTHING ? d->position : contentOf(d->file, &bytes);
  long base = whence == 0 ? 0 : whence == 1 ? d->position : size;
  if (whence < 0 || whence > 2 || size < 0 ||
      (offset < 0 && base + offset < 0)) {
    COSMO_ERRNO = COSMO_EINVAL;
    return -1;
  }
  d->position = base + offset;
  return d->position;
}

/* open is variadic: its third argument, the mode of a created file, does
 * not matter here. */
int open(const char *path, int flags, ...) { return __cosmo_open(path, flags); }
int open64(const char *path, int flags, ...) {
  return __cosmo_open(path, flags);
}
int creat(const char *path, unsigned mode) {
  return __cosmo_open(path, COSMO_O_WRONLY | COSMO_O_CREAT | COSMO_O_TRUNC);
}
long read(int fd, void *buf, size_t n) { return __cosmo_read(fd, buf, n); }
long write(int fd, const void *buf, size_t n) {
  return __cosmo_write(fd, buf, n);
}
int close(int fd) { return __cosmo_close(fd); }
long lseek(int fd, long offset, int whence) {
  return __cosmo_lseek(fd, offset, whence);
}
long long lseek64(int fd, long long offset, int whence) {
  return __cosmo_lseek(fd, (long)offset, whence);
}
