// A goto into the middle of a loop: an irreducible loop.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0; // 2 * i must not overflow
  int i = 0, s = 0;
  if (__VERIFIER_nondet_int()) goto inside;
  while (i < n) {
    s++;
  inside:
    i++;
    s++;
  }
  if (s > 2 * i) reach_error();
  return 0;
}
