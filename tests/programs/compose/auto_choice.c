// VERDICT: false
// ERROR: assert 40
// STATS: e2e-auto composition.summaries_composed >= 5
// --calls=auto: `sign`, called in a loop, is summarised; `once`, called
// once, and `scan`, which has a loop, are explored inline. Inline explores
// 3^5 paths through the calls of `sign`.
#include <cosmo.h>

static int sign(int x) {
  if (x > 0)
    return 1;
  if (x < 0)
    return -1;
  return 0;
}

static int once(int x) {
  if (x == 7)
    return 1;
  return 0;
}

static int scan(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += i;
  return s;
}

int main(void) {
  int total = 0;
  for (int i = 0; i < 5; ++i) {
    int x;
    cosmo_symbolic(&x, sizeof x, "x");
    total += sign(x);
  }
  int y;
  cosmo_symbolic(&y, sizeof y, "y");
  total += once(y) + scan(3) + scan(4);
  cosmo_assert(total != 15); // 5 positives, y == 7, and 3 + 6
  return 0;
}
