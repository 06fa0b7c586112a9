// The loop-carried values live in globals (memory, not registers).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int count, total;
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  while (count < n) { count++; total += 3; }
  if (total != 3 * n) reach_error();
  return 0;
}
