// The error past the loop needs a large trip count.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, s = 0;
  while (i < n) { i++; s += 3; }
  if (s == 300000) reach_error();
  return 0;
}
