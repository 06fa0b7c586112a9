// VERDICT: true
// Deliberate fallthrough between cases, and a default in the middle.
#include <cosmo.h>

static int bonus(int level) {
  int b = 0;
  switch (level) {
  case 3:
    b += 100;
    /* fall through */
  case 2:
    b += 10;
    /* fall through */
  case 1:
    b += 1;
    break;
  default:
    b = -1;
  }
  return b;
}

static int middle_default(int x) {
  int r = 0;
  switch (x) {
  case 0: r = 5; break;
  default: r = 7; /* fall through */
  case 9: r += 1; break;
  }
  return r;
}

int main(void) {
  int level, x;
  cosmo_symbolic(&level, sizeof level, "level");
  cosmo_symbolic(&x, sizeof x, "x");
  int b = bonus(level);
  if (level == 3) cosmo_assert(b == 111);
  else if (level == 2) cosmo_assert(b == 11);
  else if (level == 1) cosmo_assert(b == 1);
  else cosmo_assert(b == -1);
  int r = middle_default(x);
  cosmo_assert(r == 5 || r == 8 || r == 1);
  if (x == 9) cosmo_assert(r == 1);
  return 0;
}
