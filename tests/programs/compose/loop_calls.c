// VERDICT: false
// ERROR: assert 38
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.summaries_composed >= 1
// STATS: e2e-auto composition.summaries_composed >= 1
// A classifier called in a loop: each call replays its memoization tree in
// a context where earlier iterations constrained the inputs.
#include <assert.h>
#include <cosmo.h>

int classify(int level, int limit) {
  int score = 0;
  if (level < 0)
    return -1;
  if (level > limit)
    score += 4;
  else if (level > limit / 2)
    score += 2;
  if (level % 2 == 0)
    score += 8;
  return score;
}

int main(void) {
  int levels[3];
  int total = 0;
  for (int i = 0; i < 3; ++i) {
    cosmo_symbolic(&levels[i], sizeof levels[i], "level");
    cosmo_assume(levels[i] >= 0 && levels[i] <= 100);
  }
  for (int i = 0; i < 3; ++i) {
    int s = classify(levels[i], 64);
    if (s >= 12)
      ++total;
  }
  // Three levels above 64 and even: total == 3.
  if (total == 3)
    assert(levels[0] + levels[1] + levels[2] < 198);
  return 0;
}
