// VERDICT: true
// Struct fields of mixed widths, and a union viewing the same bytes as
// one 32-bit, two 16-bit and four 8-bit values (little-endian).
#include <cosmo.h>
#include <stdint.h>

struct rec { char tag; int value; short s; long long big; };
union num { uint32_t u; uint16_t h[2]; uint8_t b[4]; };

int main(void) {
  int v;
  cosmo_symbolic(&v, sizeof v, "v");
  struct rec r;
  r.tag = 'r';
  r.value = v;
  r.s = (short)v;
  r.big = (long long)v * 2;
  cosmo_assert(r.tag == 'r' && r.big == 2LL * r.value);
  cosmo_assert((r.s & 0xffff) == (v & 0xffff));

  union num n;
  n.u = (uint32_t)v;
  cosmo_assert(n.b[0] == ((uint32_t)v & 0xff));
  cosmo_assert(n.h[1] == ((uint32_t)v >> 16));
  n.b[3] = 0xff;
  cosmo_assert((n.u >> 24) == 0xff);
  cosmo_assert((n.u & 0xffffff) == ((uint32_t)v & 0xffffff));
  return 0;
}
