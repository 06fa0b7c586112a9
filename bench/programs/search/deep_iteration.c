// An error that needs 300 iterations of a loop whose trip count is an
// input: the search must follow one path deep, not only the loop's exits.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int sum = 0;
  for (int i = 0; i < n; i++) {
    if (__VERIFIER_nondet_int())
      sum += 2;
    if (sum == 600)
      reach_error();
  }
  return 0;
}
