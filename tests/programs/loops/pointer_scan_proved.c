// RUN: --loops=auto --horn-timeout=60
// VERDICT: true
// STATS: loop_summaries.summarized >= 1
// STATS: loop_summaries.refuted_by_horn >= 1
// strlen by hand over a buffer whose terminator sits at an input index:
// the scanning pointer (a char *, carried in bytes) never passes it.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
char buf[4096];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n >= 4096)
    return 0;
  for (int i = 0; i < n; i++)
    buf[i] = 'x';
  buf[n] = 0;
  char *s = buf;
  while (*s)
    s++;
  if (s - buf > 4095)
    reach_error();
  return 0;
}
