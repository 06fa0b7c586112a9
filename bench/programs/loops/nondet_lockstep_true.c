// A loop whose every iteration is an input's choice (loop-lit style).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int()) { x++; y++; }
  if (x != y) reach_error();
  return 0;
}
