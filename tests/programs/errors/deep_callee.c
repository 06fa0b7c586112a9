// VERDICT: false
// ERROR: out-of-bounds 11
// ERROR: assert 34
// An out-of-bounds write four calls deep, and an assertion in main,
// on different paths.
#include <cosmo.h>

static int histogram[10];

static void record(int bin) {
  histogram[bin]++;                   // BUG: out-of-bounds
}

static void classify(int v) {
  record(v / 10);
}

static void ingest(const int *vals, int n) {
  for (int i = 0; i < n; i++)
    classify(vals[i]);
}

static int run(const int *vals) {
  ingest(vals, 2);
  return histogram[0] + histogram[9];
}

int main(void) {
  int vals[2];
  cosmo_symbolic(vals, sizeof vals, "vals");
  cosmo_assume(vals[0] >= 0 && vals[0] <= 100);
  cosmo_assume(vals[1] >= 0 && vals[1] <= 99);
  int edge = run(vals);
  cosmo_assert(edge < 2);             // BUG: assert
  return 0;
}
