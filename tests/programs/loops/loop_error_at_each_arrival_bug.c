// RUN: --loops=summarize --timeout=30
// VERDICT: false
// ERROR: div-by-zero 16
// STATS: loop_summaries.at_reported_places >= 2
// A loop whose body divides by an input, reached three times (one call
// each). Its first summary's error is confirmed by a run and reported; the
// same error of the later summaries is not decided again, since the report
// has it (each decision is a run of the program, or a Horn question).
extern int __VERIFIER_nondet_int(void);

static int scan(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    int d = __VERIFIER_nondet_int();
    if (d != 7)
      s += 100 / d; // BUG: div-by-zero
  }
  return s;
}

int main(void) {
  int t = scan(__VERIFIER_nondet_int());
  t += scan(__VERIFIER_nondet_int());
  return t + scan(__VERIFIER_nondet_int());
}
