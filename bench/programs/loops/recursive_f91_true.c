// McCarthy's 91 function (recursive category): nested recursive calls.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static int f91(int x) { return x > 100 ? x - 10 : f91(f91(x + 11)); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000000 || x > 1000000) return 0;
  int r = f91(x);
  if (x <= 101 && r != 91) reach_error();
  return 0;
}
