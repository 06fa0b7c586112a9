// VERDICT: false
// ERROR: out-of-bounds 6
// One element before a stack array whose neighbour is another array: the
// access belongs to `line`, not to `prev_name` below it.
extern int __VERIFIER_nondet_int(void);
int last_before(const char *line) { return line[-1]; } // BUG: out-of-bounds
int main(void) {
  char prev_name[8] = "abc";
  char line[16] = "key=value";
  int r = prev_name[0];
  if (__VERIFIER_nondet_int() == 0)
    return r;
  return r + last_before(line);
}
