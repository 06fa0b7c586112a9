// One counter up, one down (loop-zilu style).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0) return 0;
  int x = 0, y = n;
  while (x < n) { x++; y--; }
  if (y != 0) reach_error();
  return 0;
}
