/* Collatz with branches on intermediate values: one input in 1..40, at
   most 24 steps. Besides the parity branch, every step compares the current
   value with the running peak and with a threshold, so paths fork on values
   deep inside the chain. The assertion (the peak is at least the start and
   odd steps never outnumber even ones by more than one) holds.
   Verdict true. */
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  __VERIFIER_assume(n >= 1 && n <= 40);
  unsigned start = n, peak = n, odd = 0, even = 0, high = 0;
  while (n != 1 && odd + even < 24) {
    if (n & 1) {
      n = 3 * n + 1;
      ++odd;
    } else {
      n = n >> 1;
      ++even;
    }
    if (n > peak)
      peak = n;
    if (n > 100)
      ++high;
  }
  if (peak < start || odd > even + 1)
    reach_error();
  return 0;
}
