// VERDICT: false
// ERROR: div-by-zero 10
// An average over an input count that may be zero.
#include <cosmo.h>

static int average(const int *v, int count) {
  int sum = 0;
  for (int i = 0; i < count && i < 4; i++)
    sum += v[i];
  return sum / count;                 // BUG: div-by-zero
}

int main(void) {
  int v[4] = {10, 20, 30, 40};
  int count;
  cosmo_symbolic(&count, sizeof count, "count");
  cosmo_assume(count >= 0 && count <= 4);
  int avg = average(v, count);
  cosmo_assert(avg >= 10 && avg <= 25);
  return 0;
}
