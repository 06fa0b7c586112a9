/* Many independent inputs, validated one after the other: sixteen nondet
   ints (fields of a record), each checked against its own range, low bits,
   forbidden value and sign; an invalid field ends the run, and the first
   five fields also pick one of two encodings. Path conditions grow to
   dozens of constraints over sixteen unrelated variables, while each new
   branch involves one: the case for constraint independence. The bomb: all
   fields valid with a particular mix of encodings. Verdict false. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

#define FIELDS 16

int main(void) {
  int field[FIELDS];
  for (int i = 0; i < FIELDS; ++i)
    field[i] = __VERIFIER_nondet_int();
  int wide = 0;
  for (int i = 0; i < FIELDS; ++i) {
    int v = field[i];
    if (v < -50 * (i + 1) || v > 100 * (i + 1))
      return 0;
    if ((v & 0x3) != i % 4)
      return 0;
    if (v == 4 * i + 1 || v == -4 * i - 2)
      return 0;
    if ((v >> 2) + i == 3)
      return 0;
    if (i < 5 && v > 10 * i)
      wide |= 1 << i;
  }
  if (wide == 0x0d)
    reach_error();
  return 0;
}
