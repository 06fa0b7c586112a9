// VERDICT: false
// ERROR: null-deref 12
// Reading a non-first field through a NULL struct pointer.
#include <cosmo.h>
#include <stddef.h>

struct pair { int first; int second; };

static struct pair table[2] = {{1, 2}, {3, 4}};

static int second_of(const struct pair *p) {
  return p->second;                   // BUG: null-deref
}

int main(void) {
  unsigned sel;
  cosmo_symbolic(&sel, sizeof sel, "sel");
  const struct pair *p = sel < 2 ? &table[sel] : NULL;
  int s = second_of(p);
  cosmo_assert(s == 2 || s == 4);
  return 0;
}
