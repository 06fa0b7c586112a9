// RUN: --max-paths=5
// VERDICT: unknown
// An unbounded input-driven loop; exploration stops after 5 paths.
#include <cosmo.h>

int main(void) {
  int n = 0;
  for (;;) {
    int c;
    cosmo_symbolic(&c, sizeof c, "c");
    if (c == 0)
      break;
    n++;
  }
  return n > 3;
}
