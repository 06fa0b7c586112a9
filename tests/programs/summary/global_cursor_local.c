// VERDICT: true
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.inlined >= 1
// A global pointer into the caller's own stack array: next() reads and
// advances it. next()'s isolated run cannot know the caller's objects (the
// array is no object of its run): it must not call the read an error, and
// a summary that cannot say what the read returns is not used.
#include <cosmo.h>

static int *cursor;

static int next(void) {
  int v = *cursor;
  if (v < 0)
    return 0;
  cursor++;
  return v;
}

int main(void) {
  int buf[3];
  cosmo_symbolic(buf, sizeof buf, "buf");
  cursor = buf;
  int a = next();
  int b = next();
  cosmo_assert(a >= 0 && b >= 0);
  cosmo_assert(cursor >= buf && cursor <= buf + 2);
  return 0;
}
