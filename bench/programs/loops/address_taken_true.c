// A local whose address is taken stays in memory.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static void bump(int *p) { *p += 1; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0) return 0;
  int k = 0, i = 0;
  while (i < n) { bump(&k); i++; }
  if (k != i) reach_error();
  return 0;
}
