/* <stdlib.h>: abs, labs, llabs, qsort, bsearch (integer parsing is in
 * strtol.c; malloc, free, exit and abort are engine primitives). */
#include "internal.h"

/* |x| without a branch, computed in the unsigned type UT so that the
 * minimum maps to itself (as glibc's does) without signed overflow: flip
 * the bits of a negative x and add one. */
#define ABS(UT, x) (((UT)(x) ^ -(UT)((x) < 0)) + (UT)((x) < 0))

int abs(int x) { return (int)ABS(unsigned, x); }
long labs(long x) { return (long)ABS(unsigned long, x); }
long long llabs(long long x) { return (long long)ABS(unsigned long long, x); }

static void swap(unsigned char *a, unsigned char *b, size_t size) {
  for (size_t k = 0; k < size; ++k) {
    unsigned char t = a[k];
    a[k] = b[k];
    b[k] = t;
  }
}

/* Insertion sort: few instructions and no extra memory; for the small
 * arrays a symbolic execution can afford, it is as good as any. */
void qsort(void *base, size_t n, size_t size,
           int (*cmp)(const void *, const void *)) {
  unsigned char *a = base;
  for (size_t i = 1; i < n; ++i)
    for (size_t j = i; j > 0 && cmp(a + (j - 1) * size, a + j * size) > 0; --j)
      swap(a + (j - 1) * size, a + j * size, size);
}

void *bsearch(const void *key, const void *base, size_t n, size_t size,
              int (*cmp)(const void *, const void *)) {
  const unsigned char *lo = base;
  while (n > 0) {
    const unsigned char *mid = lo + (n / 2) * size;
    int c = cmp(key, mid);
    if (c == 0)
      return (void *)mid;
    if (c > 0) {
      lo = mid + size;
      n -= n / 2 + 1;
    } else {
      n /= 2;
    }
  }
  return NULL;
}

/* getenv: every variable is absent without --sym-env; with it, each name
 * gets one symbolic string of up to N characters for the whole path. */
enum { MAX_VARIABLES = 16 };
static struct {
  char *name;
  char *value;
} variables[MAX_VARIABLES];
static int variableCount;

char *getenv(const char *name) {
  for (int k = 0; k < variableCount; ++k)
    if (__cosmo_strcmp(variables[k].name, name) == 0)
      return variables[k].value;
  char *value = __cosmo_env_var(name);
  if (!value || variableCount == MAX_VARIABLES)
    return value;
  variables[variableCount].name = __cosmo_strdup(name);
  variables[variableCount].value = value;
  ++variableCount;
  return value;
}

char *secure_getenv(const char *name) { return getenv(name); }
