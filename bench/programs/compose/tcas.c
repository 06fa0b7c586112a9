// VERDICT: true
// A TCAS-like resolution advisory (in the style of the Siemens suite's
// tcas, which seed 002's table I uses): alt_sep_test decides whether to
// advise a climb or a descent from the tracked altitudes and the
// separations each manoeuvre would give, through small predicates that
// re-evaluate the same comparisons (Own_Below_Threat, ALIM, ...). main runs
// it on 12 encounters: each fixes the discrete inputs (altitude layer,
// equipment, intent) and makes the altitudes, rate and separations
// symbolic within narrow bands, so that most encounters take one path
// (a few are ambiguous: their bands straddle a threshold).
#include <cosmo.h>

#define OLEV 600       // in feet per minute
#define MAXALTDIFF 600 // max altitude difference in feet
#define MINSEP 300     // min separation in feet
#define NOZCROSS 100   // in feet

#define NO_INTENT 0
#define TCAS_TA 1
#define OTHER 2

#define UNRESOLVED 0
#define UPWARD_RA 1
#define DOWNWARD_RA 2

int Cur_Vertical_Sep;
int High_Confidence;
int Two_of_Three_Reports_Valid;
int Own_Tracked_Alt;
int Own_Tracked_Alt_Rate;
int Other_Tracked_Alt;
int Alt_Layer_Value; // 0..3
int Up_Separation;
int Down_Separation;
int Other_RAC;        // NO_INTENT, DO_NOT_CLIMB, DO_NOT_DESCEND
int Other_Capability; // TCAS_TA, OTHER
int Climb_Inhibit;    // 0 or 1

static const int Positive_RA_Alt_Thresh[4] = {400, 500, 640, 740};

int ALIM(void) { return Positive_RA_Alt_Thresh[Alt_Layer_Value]; }

int Inhibit_Biased_Climb(void) {
  if (Climb_Inhibit)
    return Up_Separation + NOZCROSS;
  return Up_Separation;
}

int Own_Below_Threat(void) { return Own_Tracked_Alt < Other_Tracked_Alt; }
int Own_Above_Threat(void) { return Other_Tracked_Alt < Own_Tracked_Alt; }

int Non_Crossing_Biased_Climb(void) {
  int upward_preferred = Inhibit_Biased_Climb() > Down_Separation;
  if (upward_preferred)
    return !Own_Below_Threat() ||
           (Own_Below_Threat() && !(Down_Separation >= ALIM()));
  return Own_Above_Threat() && Cur_Vertical_Sep >= MINSEP &&
         Up_Separation >= ALIM();
}

int Non_Crossing_Biased_Descend(void) {
  int upward_preferred = Inhibit_Biased_Climb() > Down_Separation;
  if (upward_preferred)
    return Own_Below_Threat() && Cur_Vertical_Sep >= MINSEP &&
           Down_Separation >= ALIM();
  return !Own_Above_Threat() ||
         (Own_Above_Threat() && Up_Separation >= ALIM());
}

int alt_sep_test(void) {
  int enabled = High_Confidence && Own_Tracked_Alt_Rate <= OLEV &&
                Cur_Vertical_Sep > MAXALTDIFF;
  int tcas_equipped = Other_Capability == TCAS_TA;
  int intent_not_known =
      Two_of_Three_Reports_Valid && Other_RAC == NO_INTENT;
  int alt_sep = UNRESOLVED;
  if (enabled && ((tcas_equipped && intent_not_known) || !tcas_equipped)) {
    int need_upward_RA = Non_Crossing_Biased_Climb() && Own_Below_Threat();
    int need_downward_RA =
        Non_Crossing_Biased_Descend() && Own_Above_Threat();
    if (need_upward_RA && need_downward_RA)
      alt_sep = UNRESOLVED; // not expected: both manoeuvres needed
    else if (need_upward_RA)
      alt_sep = UPWARD_RA;
    else if (need_downward_RA)
      alt_sep = DOWNWARD_RA;
  }
  return alt_sep;
}

// An encounter: the low ends of the bands the symbolic inputs lie in.
struct encounter {
  int own, other; // tracked altitudes (ft), bands of 50
  int up, down;   // separations a climb / descent would give, bands of 100
  int rate;       // own vertical rate (ft/min), band of 200
  int sep;        // current vertical separation (ft), band of 150
};

static const struct encounter encounters[12] = {
    {2000, 2700, 100, 800, 0, 650},    {3200, 2500, 800, 100, 100, 700},
    {3000, 3700, 150, 850, 200, 800},  {4200, 3500, 850, 150, 0, 650},
    {4000, 4700, 700, 750, 100, 700},  {5200, 4500, 800, 100, 500, 800},
    {5000, 5700, 200, 900, 300, 650},  {6200, 5500, 900, 200, 0, 700},
    {6000, 6700, 100, 800, 100, 800},  {7200, 6500, 750, 700, 200, 650},
    {7000, 7700, 150, 850, 0, 560},    {8200, 7500, 800, 150, 100, 700},
};

static int in(int v, int lo, int width) { return (lo <= v) & (v < lo + width); }

int main(void) {
  int up = 0, down = 0;
  for (int i = 0; i < 12; ++i) {
    const struct encounter *e = &encounters[i];
    int own, other, upSep, downSep, rate, sep;
    cosmo_symbolic(&own, sizeof own, "own_alt");
    cosmo_symbolic(&other, sizeof other, "other_alt");
    cosmo_symbolic(&upSep, sizeof upSep, "up_sep");
    cosmo_symbolic(&downSep, sizeof downSep, "down_sep");
    cosmo_symbolic(&rate, sizeof rate, "own_rate");
    cosmo_symbolic(&sep, sizeof sep, "vertical_sep");
    cosmo_assume(in(own, e->own, 50) & in(other, e->other, 50) &
                 in(upSep, e->up, 100) & in(downSep, e->down, 100) &
                 in(rate, e->rate, 200) & in(sep, e->sep, 150));
    Own_Tracked_Alt = own;
    Other_Tracked_Alt = other;
    Up_Separation = upSep;
    Down_Separation = downSep;
    Own_Tracked_Alt_Rate = rate;
    Cur_Vertical_Sep = sep;
    // The discrete inputs of the encounter.
    High_Confidence = i != 3;
    Two_of_Three_Reports_Valid = 1;
    Other_RAC = NO_INTENT;
    Other_Capability = i % 3 == 0 ? TCAS_TA : OTHER;
    Alt_Layer_Value = i % 4;
    Climb_Inhibit = i % 5 == 1;
    int ra = alt_sep_test();
    up += ra == UPWARD_RA;
    down += ra == DOWNWARD_RA;
    // An advisory never steers towards the threat.
    if (ra == UPWARD_RA)
      cosmo_assert(own < other);
    if (ra == DOWNWARD_RA)
      cosmo_assert(own > other);
  }
  cosmo_assert(up + down <= 12);
  return 0;
}
