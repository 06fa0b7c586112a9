// VERDICT: true
// Sparse switches over int, char and unsigned long long.
#include <cosmo.h>

static int code(int x) {
  switch (x) {
  case -5: return 1;
  case 0: return 2;
  case 100: return 3;
  case 1000: return 4;
  case 65536: return 5;
  case 2147483647: return 6;
  default: return 0;
  }
}

static int kind(char c) {
  switch (c) {
  case 'a': case 'e': case 'i': case 'o': case 'u': return 1;
  case ' ': case '\n': return 2;
  default: return 0;
  }
}

static int big(unsigned long long v) {
  switch (v) {
  case 0xFFFFFFFFFFFFFFFFull: return 1;
  case 0x100000000ull: return 2;
  default: return 0;
  }
}

int main(void) {
  int x; char c; unsigned long long v;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_symbolic(&c, sizeof c, "c");
  cosmo_symbolic(&v, sizeof v, "v");
  int r = code(x);
  cosmo_assert((r == 3) == (x == 100));
  cosmo_assert(r != 0 || (x != -5 && x != 65536));
  int k = kind(c);
  if (k == 1) cosmo_assert(c >= 'a' && c <= 'u');
  if (c == '\n') cosmo_assert(k == 2);
  int b = big(v);
  cosmo_assert((b == 2) == (v == 0x100000000ull));
  return 0;
}
