// Safe over mathematical integers; modulo 2^32 the doubled counter wraps.
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  unsigned i = 0, s = 0;
  while (i < n) { i++; s += 2; }
  if (s < i) reach_error();
  return 0;
}
