// Issue 42: `--entry=F` under F's contract still finds what the contract
// allows: an access past the contract's range, a broken ensures.
/*@ requires 0 < len && len <= 16;
    requires \valid_read(buf + (0 .. len - 1));
    assigns \nothing;
*/
unsigned checksum_past_end(const unsigned char *buf, int len) {
  unsigned c = 0;
  for (int i = 0; i <= len; i++)
    c = c * 31 + buf[i]; // BUG: out-of-bounds (i == len)
  return c;
}

/*@ requires n >= 0 && n <= 1000;
    ensures \result >= n; */
int twice(int n) {
  return n + n - 1; // BUG: postcondition (n == 0)
}
