// VERDICT: true
// A WBS-like wheel brake system controller (after the ARP 4761 example
// and the JPF model of it used by seed 002's table I): update(pedal,
// auto_brake, skid) turns the pedal position into a pressure at each of
// the four wheels through the brake system control unit's redundant
// channels (command, monitor and the alternate system's own, which must
// agree), the anti-skid function, one meter valve per wheel, and the
// selection of the normal, alternate or emergency hydraulic system. Like
// the generated original, every stage re-derives its output from the pedal
// position, with the same breakpoints. main runs 15 control steps of one
// braking manoeuvre: the pedal is symbolic within the band the pilot holds
// it in at each step, and the wheels may skid at the odd steps of the
// first half.
#include <cosmo.h>

// Pedal breakpoints (percent of travel) shared by every stage.
#define P1 10
#define P2 30
#define P3 55
#define P4 80

#define WHEELS 4
#define STEPS 15

enum { NORMAL, ALTERNATE, EMERGENCY };

struct wbs {
  int mode;          // hydraulic system in use
  int skid_steps;    // consecutive steps with a skid
  int accumulator;   // alternate system's accumulator (full applications)
  int wheel[WHEELS]; // pressure at each wheel (psi)
  int lamp;          // brake pressure lamp
};

// BSCU command channel: command level 0..4.
int command_channel(int pedal) {
  if (pedal < P1)
    return 0;
  if (pedal < P2)
    return 1;
  if (pedal < P3)
    return 2;
  if (pedal < P4)
    return 3;
  return 4;
}

// BSCU monitor channel: the same function, computed independently.
int monitor_channel(int pedal) {
  if (pedal >= P4)
    return 4;
  if (pedal >= P3)
    return 3;
  if (pedal >= P2)
    return 2;
  if (pedal >= P1)
    return 1;
  return 0;
}

// Alternate (mechanical) channel: the command the alternate system would
// apply, from the pedal's own linkage.
int alternate_channel(int pedal) {
  if (pedal < P2) {
    if (pedal < P1)
      return 0;
    return 1;
  }
  if (pedal < P4) {
    if (pedal < P3)
      return 2;
    return 3;
  }
  return 4;
}

// Pressure (psi) for each command level, and the pressure at which
// autobrake holds.
static const int level_press[5] = {0, 600, 1650, 2780, 3000};
#define AUTOBRAKE_PRESS 600

// One wheel's meter valve: pressure demand from the pedal (psi); the
// outboard wheels (odd numbers) get 7/8 of it.
int meter_valve(int pedal, int wheel) {
  int press;
  if (pedal < P1)
    press = 0;
  else if (pedal < P2)
    press = 20 * pedal;
  else if (pedal < P3)
    press = 30 * pedal;
  else if (pedal < P4)
    press = 35 * pedal;
  else
    press = 3000;
  return press - (wheel & 1) * (press >> 3);
}

int update(struct wbs *w, int pedal, int auto_brake, int skid) {
  // Sense: each channel derives its command from the pedal, and each
  // wheel's meter valve its pressure.
  int cmd = command_channel(pedal);
  int mon = monitor_channel(pedal);
  int alt = alternate_channel(pedal);
  int press[WHEELS];
  for (int k = 0; k < WHEELS; ++k)
    press[k] = meter_valve(pedal, k);
  // Autobrake holds its pressure below command level 2.
  int hold = cmd < 2 && auto_brake;
  // Anti-skid releases half the pressure while the wheels skid.
  int release = 0;
  if (skid) {
    ++w->skid_steps;
    release = 1;
  } else {
    w->skid_steps = 0;
  }
  // Mode: the normal system while the BSCU's channels agree and anti-skid
  // works (a skid longer than three steps means it does not); then the
  // alternate system, without anti-skid, until full braking empties its
  // accumulator; then the emergency system. Each caps the command.
  int top;
  switch (w->mode) {
  case NORMAL:
    top = 4;
    if (cmd != mon || cmd != alt || w->skid_steps > 3) {
      w->mode = ALTERNATE;
      top = 3;
      release = 0;
    }
    break;
  case ALTERNATE:
    top = 3;
    release = 0;
    if (alt == 4 && --w->accumulator <= 0) {
      w->mode = EMERGENCY;
      top = 2;
    }
    break;
  default:
    top = 2;
    release = 0;
  }
  // Deliver: autobrake's pressure, or the meter valves' capped by the
  // system in use.
  int fixed = hold ? AUTOBRAKE_PRESS : cmd > top ? level_press[top] : 0;
  int total = 0;
  for (int k = 0; k < WHEELS; ++k) {
    w->wheel[k] = (fixed ? fixed : press[k]) >> release;
    total += w->wheel[k];
  }
  // The pressure lamp: on when the pilot brakes and no wheel has pressure.
  w->lamp = pedal >= P1 && total == 0;
  return total;
}

int main(void) {
  // The pedal band at each step of the manoeuvre: touch down and press,
  // hold, ease off, press hard to the stop.
  static const int lo[STEPS] = {0,  12, 32, 35, 32, 40, 58, 60,
                                40, 32, 12, 30, 60, 82, 85};
  static const int hi[STEPS] = {8,  28, 50, 52, 54, 52, 75, 78,
                                54, 50, 28, 54, 78, 95, 100};
  struct wbs w = {NORMAL, 0, 2, {0}, 0};
  int total = 0, last = 0;
  for (int i = 0; i < STEPS; ++i) {
    unsigned char pedal; // the pedal sensor's 8-bit reading
    int skid = 0;
    cosmo_symbolic(&pedal, sizeof pedal, "pedal");
    // The pedal moves by at most 20% of its travel in a step.
    cosmo_assume(pedal >= lo[i] & pedal <= hi[i] & pedal - last <= 20 &
                 last - pedal <= 20);
    last = pedal;
    // The wheels may skid at the odd steps of the first half.
    if (i % 2 == 1 && i < 10) {
      cosmo_symbolic(&skid, sizeof skid, "skid");
      skid &= 1;
    }
    total += update(&w, pedal, i < 2, skid);
  }
  cosmo_assert(w.wheel[0] <= 3000 && w.lamp == 0);
  return total > 0;
}
