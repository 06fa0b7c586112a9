/* Concrete-heavy: 10^7 iterations of a loop with no symbolic data. */
int main(void) {
  unsigned acc = 0;
  for (unsigned i = 0; i < 10000000u; ++i)
    acc = acc * 31u + (i ^ (acc >> 3));
  return acc == 12345u;
}
