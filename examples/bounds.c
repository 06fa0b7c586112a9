/* A small program with a real bug: the loop reads one element past the
 * end of the array when the caller asks for all five values. */
extern int __VERIFIER_nondet_int(void);

int sum_first(const int *values, int count) {
  int total = 0;
  for (int i = 0; i <= count; ++i) /* should be i < count */
    total += values[i];
  return total;
}

int main(void) {
  int values[5] = {3, 1, 4, 1, 5};
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5)
    return 0;
  return sum_first(values, n) > 100;
}
