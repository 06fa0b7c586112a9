// RUN: --entry=digit_ratio
// VERDICT: false
// ERROR: div-by-zero 13
// A char pointer with no length is a NUL-terminated string: the run sees
// strings of every length up to --max-string, and reaches the division
// only through a string of three characters whose first is '7'.
int digit_ratio(const char *s) {
  int n = 0;
  while (s[n] >= '0' && s[n] <= '9')
    n++;
  if (s[n] != 0 || n != 3)
    return -1;
  return 100 / (s[0] - '7');          // BUG: div-by-zero on "7xy"
}
