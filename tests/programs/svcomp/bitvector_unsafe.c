// VERDICT: false
// ERROR: assert 17
// 8-bit wraparound and a rotation the solver has to invert.
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error() { }

int main(void) {
  unsigned char a = __VERIFIER_nondet_uchar();
  unsigned char b = __VERIFIER_nondet_uchar();
  unsigned char r = a + b;
  if (r < a && b == 1)
    return 1;
  unsigned x = __VERIFIER_nondet_uint();
  unsigned rot = (x << 3) | (x >> 29);
  if (rot == 0x80000001u && r == 7)
    reach_error();                    // BUG: assert
  return 0;
}
