// VERDICT: false
// ERROR: assert 30
// A state machine whose `default` case forgets that STOPPED is final.
#include <cosmo.h>

enum state { IDLE, RUNNING, PAUSED, STOPPED };

static int step(int s, int ev) {
  switch (s) {
  case IDLE:
    return ev == 1 ? RUNNING : IDLE;
  case RUNNING:
    if (ev == 2) return PAUSED;
    if (ev == 3) return STOPPED;
    return RUNNING;
  case PAUSED:
    return ev == 1 ? RUNNING : PAUSED;
  default:
    return IDLE;
  }
}

int main(void) {
  int ev[3];
  cosmo_symbolic(ev, sizeof ev, "ev");
  int s = IDLE, stopped = 0;
  for (int i = 0; i < 3; i++) {
    s = step(s, ev[i]);
    if (stopped)
      cosmo_assert(s == STOPPED);   // BUG: assert
    if (s == STOPPED)
      stopped = 1;
  }
  return 0;
}
