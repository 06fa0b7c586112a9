// VERDICT: true
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.summaries_composed >= 1
// STATS: e2e-auto composition.summaries_composed >= 1
// classify has six paths; each call of main's loop passes it a reading
// whose range (from cosmo_assume) decides every one of its comparisons,
// so a calling context rules out all of classify's paths but one without
// asking the solver: the comparisons fold by the bounds of the reading
// (and of sums of bounded terms), and the one pair left is the feasible
// one because classify's paths cover all its inputs.
#include <cosmo.h>

int classify(int reading, int offset) {
  int v = reading + offset;
  if (v < 0)
    return -1;
  if (v < 100)
    return reading < 50 ? 1 : 2;
  if (v < 1000)
    return 3;
  return reading > offset ? 4 : 5;
}

int main(void) {
  static const int lo[4] = {-90, 10, 300, 2000};
  static const int expected[4] = {-1, 1, 3, 4};
  for (int k = 0; k < 4; ++k) {
    int reading;
    cosmo_symbolic(&reading, sizeof reading, "reading");
    cosmo_assume(reading >= lo[k] & reading < lo[k] + 20);
    cosmo_assert(classify(reading, 5) == expected[k]);
  }
  return 0;
}
