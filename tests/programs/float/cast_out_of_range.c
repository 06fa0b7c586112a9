// RUN: --check=float-cast
// VERDICT: false
// ERROR: float-cast 15
// Scaling a reading into an int fits for every reading the check lets in
// (NaN excluded: it fails both comparisons); into a short it does not.
extern double __VERIFIER_nondet_double(void);

int main(void) {
  double reading = __VERIFIER_nondet_double();
  if (!(reading >= -1000.0 && reading <= 1000.0))
    return 0;
  int scaled = (int)(reading * 1000.0); // |scaled| <= 1e6
  if (scaled > 32767)
    scaled = 32767;
  short milli = (short)(reading * 1000.0); // BUG: float-cast
  return scaled + milli;
}
