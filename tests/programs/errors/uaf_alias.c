// VERDICT: false
// ERROR: use-after-free 26
// A cache keeps an alias to an object that its owner frees.
#include <cosmo.h>
#include <stdlib.h>

struct obj { int refs; int value; };

static struct obj *cache;

static void release(struct obj *o) {
  if (--o->refs == 0)
    free(o);
}

int main(void) {
  int extra;
  cosmo_symbolic(&extra, sizeof extra, "extra");
  struct obj *o = malloc(sizeof *o);
  o->refs = 1;
  o->value = 99;
  cache = o;
  if (extra)
    o->refs++;
  release(o);
  int v = cache->value;               // BUG: use-after-free
  cosmo_assert(v == 99);
  if (extra)
    release(cache);
  return 0;
}
