/* cosmo's native harness for the tests of --entry runs.
 *
 * A generated harness (report/EntryHarness) #includes the program and this
 * file, then calls the entry function with arguments built from a harness
 * file (COSMO_HARNESS_FILE) written from one test vector:
 *
 *   buf <i> <size> <hex>        input i (a scalar argument or an input
 *                               object): <size> bytes, malloc'ed
 *   ptr <i> <offset> <j|-1>     the pointer at <offset> of input i points to
 *                               the start of input j (-1: null)
 *   arg <k> <i|-1>              parameter k is a copy of input i (-1: zero)
 *   glob <k> <i>                the harness's global k (a contract's run
 *                               takes some globals as inputs) gets input
 *                               i's bytes before the call
 *
 * With COSMO_HARNESS_OBSERVE set to a file name, the harness writes there
 * what the call did: the return value's bytes ("ret <hex>", and for a
 * pointer "retptr <i> <offset>" when it points into input i, or
 * "retptr null"), then per input object its final bytes ("mem <i> <hex>")
 * and the pointers it holds into inputs ("memptr <i> <offset> <j> <offset>").
 * COSMO_HARNESS_SPACER=n allocates n pages first, so a second observation
 * sees other addresses (values that change are addresses, not results).
 */
/* libc is called as `(malloc)(n)`: the program, #included before this
 * file, may #define a function-like macro of the same name (a library
 * that forbids malloc in its own code), which the parentheses keep out. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The replay runtime's (absent from standalone unit tests): it checks
 * ACSL assigns clauses against the input objects. */
extern void cosmo_replay_input_object(const void *p, size_t size)
    __attribute__((weak));

#define COSMO_HARNESS_MAX_INPUTS 4096
#define COSMO_HARNESS_MAX_PARAMS 64

static unsigned char *cosmo_harness_buf[COSMO_HARNESS_MAX_INPUTS];
static size_t cosmo_harness_size[COSMO_HARNESS_MAX_INPUTS];
static int cosmo_harness_is_arg[COSMO_HARNESS_MAX_INPUTS];
static long cosmo_harness_param[COSMO_HARNESS_MAX_PARAMS];
static long cosmo_harness_global_input[COSMO_HARNESS_MAX_PARAMS];
static size_t cosmo_harness_count;
static FILE *cosmo_harness_out;

static void cosmo_harness_fail(const char *what) {
  (fprintf)(stderr, "cosmo-harness: error: %s\n", what);
  (exit)(125);
}

static int cosmo_harness_hex(int c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  return -1;
}

static void cosmo_harness_load(void) {
  const char *path = (getenv)("COSMO_HARNESS_FILE");
  if (!path)
    cosmo_harness_fail("COSMO_HARNESS_FILE is not set");
  const char *spacer = (getenv)("COSMO_HARNESS_SPACER");
  if (spacer && (atoi)(spacer) > 0)
    (void)(malloc)((size_t)(atoi)(spacer) * 4096 + 64);
  FILE *f = (fopen)(path, "r");
  if (!f)
    cosmo_harness_fail("cannot read the harness file");
  for (int k = 0; k < COSMO_HARNESS_MAX_PARAMS; ++k)
    cosmo_harness_param[k] = cosmo_harness_global_input[k] = -1;
  char kind[16];
  while (fscanf(f, "%15s", kind) == 1) {
    if (strcmp(kind, "buf") == 0) {
      size_t i, n;
      if (fscanf(f, "%zu %zu", &i, &n) != 2 || i >= COSMO_HARNESS_MAX_INPUTS)
        cosmo_harness_fail("bad buf line");
      cosmo_harness_buf[i] = (malloc)(n ? n : 1);
      cosmo_harness_size[i] = n;
      if (cosmo_replay_input_object)
        cosmo_replay_input_object(cosmo_harness_buf[i], n);
      if (i + 1 > cosmo_harness_count)
        cosmo_harness_count = i + 1;
      int c = (fgetc)(f); /* the space before the hex */
      for (size_t b = 0; b < n; ++b) {
        int hi = cosmo_harness_hex(fgetc(f)), lo = cosmo_harness_hex(fgetc(f));
        if (hi < 0 || lo < 0)
          cosmo_harness_fail("bad hex in a buf line");
        cosmo_harness_buf[i][b] = (unsigned char)(hi * 16 + lo);
      }
      (void)c;
    } else if (strcmp(kind, "ptr") == 0) {
      size_t i, off;
      long j;
      if (fscanf(f, "%zu %zu %ld", &i, &off, &j) != 3 ||
          i >= cosmo_harness_count || !cosmo_harness_buf[i] ||
          off + sizeof(void *) > cosmo_harness_size[i] ||
          j >= (long)cosmo_harness_count)
        cosmo_harness_fail("bad ptr line");
      void *p = j < 0 ? NULL : (void *)cosmo_harness_buf[j];
      (memcpy)(cosmo_harness_buf[i] + off, &p, sizeof p);
    } else if (strcmp(kind, "arg") == 0) {
      long k, i;
      if (fscanf(f, "%ld %ld", &k, &i) != 2 || k < 0 ||
          k >= COSMO_HARNESS_MAX_PARAMS || i >= (long)cosmo_harness_count)
        cosmo_harness_fail("bad arg line");
      cosmo_harness_param[k] = i;
      if (i >= 0)
        cosmo_harness_is_arg[i] = 1;
    } else if (strcmp(kind, "glob") == 0) {
      long k, i;
      if (fscanf(f, "%ld %ld", &k, &i) != 2 || k < 0 ||
          k >= COSMO_HARNESS_MAX_PARAMS || i < 0 ||
          i >= (long)cosmo_harness_count)
        cosmo_harness_fail("bad glob line");
      cosmo_harness_global_input[k] = i;
      cosmo_harness_is_arg[i] = 1;
    } else {
      cosmo_harness_fail("unknown line in the harness file");
    }
  }
  (fclose)(f);
  const char *observe = (getenv)("COSMO_HARNESS_OBSERVE");
  if (observe && !(cosmo_harness_out = (fopen)(observe, "w")))
    cosmo_harness_fail("cannot write the observation file");
}

/* Parameter k's value: a copy of its input's bytes. */
static void cosmo_harness_arg(int k, void *dst, size_t n) {
  long i = cosmo_harness_param[k];
  if (i < 0) {
    (memset)(dst, 0, n);
    return;
  }
  if (cosmo_harness_size[i] != n)
    cosmo_harness_fail("an argument's size differs from its parameter's");
  (memcpy)(dst, cosmo_harness_buf[i], n);
}

/* Global k's value, when the test gives one: its input's bytes (`n`: the
 * global's size, 0 when the harness cannot tell). */
static void cosmo_harness_global(int k, void *dst, size_t n) {
  long i = cosmo_harness_global_input[k];
  if (i < 0)
    return;
  if (n == 0)
    n = cosmo_harness_size[i];
  if (cosmo_harness_size[i] != n)
    cosmo_harness_fail("a global's size differs from its input's");
  (memcpy)(dst, cosmo_harness_buf[i], n);
}

static void cosmo_harness_hexdump(const unsigned char *p, size_t n) {
  for (size_t b = 0; b < n; ++b)
    (fprintf)(cosmo_harness_out, "%02x", p[b]);
}

/* The input object `p` points into, if any. */
static long cosmo_harness_find(uintptr_t p, size_t *offset) {
  for (size_t i = 0; i < cosmo_harness_count; ++i) {
    uintptr_t base = (uintptr_t)cosmo_harness_buf[i];
    if (cosmo_harness_buf[i] && !cosmo_harness_is_arg[i] && p >= base &&
        p < base + (cosmo_harness_size[i] ? cosmo_harness_size[i] : 1)) {
      *offset = (size_t)(p - base);
      return (long)i;
    }
  }
  return -1;
}

static void cosmo_harness_observe(const void *ret, size_t n, int isPointer) {
  if (!cosmo_harness_out)
    return;
  if (ret) {
    (fprintf)(cosmo_harness_out, "ret ");
    cosmo_harness_hexdump(ret, n);
    (fprintf)(cosmo_harness_out, "\n");
    if (isPointer) {
      uintptr_t p;
      (memcpy)(&p, ret, sizeof p);
      size_t off;
      long i = cosmo_harness_find(p, &off);
      if (p == 0)
        (fprintf)(cosmo_harness_out, "retptr null\n");
      else if (i >= 0)
        (fprintf)(cosmo_harness_out, "retptr %ld %zu\n", i, off);
    }
  }
  for (size_t i = 0; i < cosmo_harness_count; ++i) {
    if (!cosmo_harness_buf[i] || cosmo_harness_is_arg[i])
      continue;
    (fprintf)(cosmo_harness_out, "mem %zu ", i);
    cosmo_harness_hexdump(cosmo_harness_buf[i], cosmo_harness_size[i]);
    (fprintf)(cosmo_harness_out, "\n");
    for (size_t off = 0; off + sizeof(void *) <= cosmo_harness_size[i];
         off += sizeof(void *)) {
      uintptr_t p;
      (memcpy)(&p, cosmo_harness_buf[i] + off, sizeof p);
      size_t to;
      long j = cosmo_harness_find(p, &to);
      if (p != 0 && j >= 0)
        (fprintf)(cosmo_harness_out, "memptr %zu %zu %ld %zu\n", i, off, j, to);
    }
  }
  (fclose)(cosmo_harness_out);
  cosmo_harness_out = NULL;
}
