// VERDICT: false
// ERROR: assert 15
// atof of a string with a symbolic digit ("?.5"): the value 4.5 is
// reachable, with '4' as the input.
#include <stdlib.h>
extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);

int main(void) {
  char s[4] = "0.5";
  s[0] = __VERIFIER_nondet_char();
  if (s[0] < '0' || s[0] > '9')
    return 0;
  double v = atof(s);
  if (v == 4.5) reach_error(); // BUG: assert
  return 0;
}
