// Two exit conditions: the counter never passes the smaller bound.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n && i < 100) i++;
  if (i > 100) reach_error();
  return 0;
}
