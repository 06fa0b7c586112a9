// RUN: --max-depth=200 --loops=unroll
// VERDICT: unknown
// A loop whose exit depends on a fresh nondet value every iteration: some
// path always continues, so exploration is cut by --max-depth.
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int i = 0;
  while (__VERIFIER_nondet_int())
    i++;
  return i > 5;
}
