// RUN: --solver-timeout=1000
// VERDICT: unknown
// The program is safe, but proving it needs bit-vector division or
// multiplication identities that Z3 4.8 does not settle in seconds
// (the raw query takes over a minute): with a 1 s solver limit cosmo
// must answer unknown, never a wrong verdict.
// Bit tricks: clearing the lowest set bit, SWAR popcount vs. xor-folded
// parity, rotation round trip.
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error() { }

static unsigned popcount(unsigned x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return (x * 0x01010101u) >> 24;
}

static unsigned parity(unsigned x) {
  x ^= x >> 16;
  x ^= x >> 8;
  x ^= x >> 4;
  x ^= x >> 2;
  x ^= x >> 1;
  return x & 1;
}

int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned y = x & (x - 1);
  if (x != 0 && y >= x)
    reach_error();
  if (x != 0 && popcount(y) != popcount(x) - 1)
    reach_error();
  if ((popcount(x) & 1) != parity(x))
    reach_error();
  unsigned rot = (x << 3) | (x >> 29);
  if (((rot >> 3) | (rot << 29)) != x)
    reach_error();
  return 0;
}
