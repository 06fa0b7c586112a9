// VERDICT: false
// ERROR: assert 12
// int -> float -> int loses the low bits of values above 2^24.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0)
    return 0;
  float f = (float)i;
  if ((int)f != i) reach_error(); // BUG: assert
  return 0;
}
