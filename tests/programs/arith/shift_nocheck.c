// VERDICT: true
// NO-REPLAY: oversized shifts are undefined natively; cosmo reports them only with --check=shift
// Without --check=shift an oversized shift amount is not reported.
// The result is never inspected.
#include <cosmo.h>
#include <stdint.h>

uint32_t sink32;
uint64_t sink64;

int main(void) {
  uint32_t x; unsigned s; uint64_t w;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_symbolic(&s, sizeof s, "s");
  cosmo_symbolic(&w, sizeof w, "w");
  cosmo_assume(s < 70);
  sink32 = x << s;
  sink64 = w >> s;
  cosmo_assert(s < 70);
  return 0;
}
