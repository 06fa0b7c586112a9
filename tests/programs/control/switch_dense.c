// VERDICT: true
// A dense switch (1..12) with a default.
#include <cosmo.h>

static int days_in_month(int m) {
  switch (m) {
  case 1: return 31;
  case 2: return 28;
  case 3: return 31;
  case 4: return 30;
  case 5: return 31;
  case 6: return 30;
  case 7: return 31;
  case 8: return 31;
  case 9: return 30;
  case 10: return 31;
  case 11: return 30;
  case 12: return 31;
  default: return 0;
  }
}

int main(void) {
  int total = 0;
  for (int i = 1; i <= 12; i++)
    total += days_in_month(i);
  cosmo_assert(total == 365);

  int m;
  cosmo_symbolic(&m, sizeof m, "m");
  int d = days_in_month(m);
  if (m >= 1 && m <= 12)
    cosmo_assert(d >= 28 && d <= 31);
  else
    cosmo_assert(d == 0);
  if (d == 30)
    cosmo_assert(m == 4 || m == 6 || m == 9 || m == 11);
  return 0;
}
