// VERDICT: false
// ERROR: null-deref 12
// A length stored before the string (sds-style): the header of a NULL
// string is at NULL - 16, an address near 2^64. It is a null dereference,
// told from the pointer it came from, not an access to whatever object lies
// below that address.
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
struct header { long len; long alloc; };
long length_of(const char *s) {
  const struct header *h = (const struct header *)(s - sizeof(struct header));
  return h->len; // BUG: null-deref
}
int main(void) {
  static char storage[sizeof(struct header) + 8] = {5};
  char *s = storage + sizeof(struct header);
  if (__VERIFIER_nondet_int())
    s = NULL;
  return (int)length_of(s);
}
