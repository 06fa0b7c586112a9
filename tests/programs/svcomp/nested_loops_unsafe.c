// VERDICT: false
// ERROR: assert 20
// Nested loops with nondet bounds; the iteration count can reach 20.
extern unsigned short __VERIFIER_nondet_ushort(void);
extern void abort(void);
void reach_error() { }
void assume_abort_if_not(int cond) { if (!cond) { abort(); } }

int main(void) {
  unsigned short m = __VERIFIER_nondet_ushort();
  unsigned short n = __VERIFIER_nondet_ushort();
  assume_abort_if_not(m <= 5 && n <= 5);
  int count = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      count++;
  if (count != m * n)
    reach_error();
  if (count == 20) {
    reach_error();                    // BUG: assert
    abort();
  }
  return 0;
}
