// RUN: --summary-depth=1000000 --summary-timeout=0
// VERDICT: false
// ERROR: assert 27
// STATS: e2e-replay composition.functions_not_summarized >= 1
// STATS: e2e-summary composition.functions_not_summarized >= 1
// STATS: e2e-auto composition.functions_not_summarized >= 1
// A callee too long to summarise: 300,000 iterations of a concrete loop
// before its symbolic branch (the options let its isolated run go that
// deep and that long). The isolated run stops at 2,000,000 instructions,
// whatever the machine's speed: mix gets no tree
// (not_summarized_because), and its call runs it.
#include <cosmo.h>

static unsigned mix(unsigned x) {
  unsigned h = 2166136261u;
  for (unsigned i = 0; i < 300000; i++)
    h = (h ^ i) * 16777619u;
  if (x > h)
    return x - h;
  return h - x;
}

int main(void) {
  unsigned x;
  cosmo_symbolic(&x, sizeof x, "x");
  unsigned d = mix(x);
  cosmo_assert(d != 5); // BUG: x is h + 5 or h - 5
  return 0;
}
