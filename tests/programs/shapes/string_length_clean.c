// RUN: --entry=length
// VERDICT: unknown
// Reads its string up to the NUL and never past it: no error. Strings are
// bounded (--max-string), so the verdict is unknown, not true.
unsigned length(const char *s) {
  unsigned n = 0;
  while (s[n])
    n++;
  return n;
}
