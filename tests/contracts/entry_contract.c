// Issue 42: `--entry=checksum` runs under checksum's own contract: its
// requires shape the inputs (buf points to exactly len bytes, never NULL),
// so no error is reachable; `--contracts=ignore` runs it on any input.
/*@ requires 0 < len && len <= 16;
    requires \valid_read(buf + (0 .. len - 1));
    assigns \nothing;
*/
unsigned checksum(const unsigned char *buf, int len) {
  unsigned c = 0;
  for (int i = 0; i < len; i++)
    c = c * 31 + buf[i];
  return c;
}
