// VERDICT: false
// ERROR: assert 9
// A positive float small enough is absorbed by 1e8f (its ulp is 8).
extern float __VERIFIER_nondet_float(void);
extern void reach_error(void);

int main(void) {
  float x = __VERIFIER_nondet_float();
  if (x > 0.0f && 1e8f + x == 1e8f) reach_error(); // BUG: assert
  return 0;
}
