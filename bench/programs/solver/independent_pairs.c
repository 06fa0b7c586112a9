/* Independent groups of inputs: six pairs (x, y) of nondet ints. The two
   values of a pair are related (ordered, bounded sum, a bit relation), but
   no constraint links two pairs, so independence splits every path
   condition into up to six small groups. Each pair is rejected, or takes
   one of two branches. The bomb: a particular set of pairs on the first
   branch. Verdict false. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

#define PAIRS 6

int main(void) {
  int x[PAIRS], y[PAIRS];
  for (int i = 0; i < PAIRS; ++i) {
    x[i] = __VERIFIER_nondet_int();
    y[i] = __VERIFIER_nondet_int();
  }
  unsigned mask = 0;
  for (int i = 0; i < PAIRS; ++i) {
    if (x[i] < 0 || y[i] < 0 || x[i] + y[i] > 1000)
      return 0;
    if (x[i] >= y[i])
      return 0;
    if (((x[i] ^ y[i]) & 0xf) == i)
      mask |= 1u << i;
    else if (y[i] - x[i] < 10 * i)
      return 0;
  }
  if (mask == 0x25)
    reach_error();
  return 0;
}
