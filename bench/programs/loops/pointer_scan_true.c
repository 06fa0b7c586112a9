// A hand-written strlen over a buffer whose terminator is at an input
// index: the scanning char pointer never passes it.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
char buf[8192];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n >= 8192)
    return 0;
  for (int i = 0; i < n; i++)
    buf[i] = 'a';
  buf[n] = 0;
  const char *s = buf;
  while (*s)
    s++;
  if (s - buf != n)
    reach_error();
  return 0;
}
