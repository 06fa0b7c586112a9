// VERDICT: true
// Every __VERIFIER_nondet_* type stays within the range of its type.
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern long long __VERIFIER_nondet_longlong(void);
extern _Bool __VERIFIER_nondet_bool(void);
void reach_error() { }

int main(void) {
  long long c = __VERIFIER_nondet_char();
  long long uc = __VERIFIER_nondet_uchar();
  long long s = __VERIFIER_nondet_short();
  long long us = __VERIFIER_nondet_ushort();
  long long i = __VERIFIER_nondet_int();
  long long u = __VERIFIER_nondet_uint();
  long l = __VERIFIER_nondet_long();
  unsigned long ul = __VERIFIER_nondet_ulong();
  long long ll = __VERIFIER_nondet_longlong();
  int b = __VERIFIER_nondet_bool();
  if (c < -128 || c > 127) reach_error();
  if (uc < 0 || uc > 255) reach_error();
  if (s < -32768 || s > 32767) reach_error();
  if (us < 0 || us > 65535) reach_error();
  if (i < -2147483648LL || i > 2147483647LL) reach_error();
  if (u < 0 || u > 4294967295LL) reach_error();
  if ((l >> 63) != 0 && (l >> 63) != -1) reach_error();
  if ((ul >> 32) > 0xffffffffUL) reach_error();
  if (ll < 0 && (unsigned long long)ll <= 0x7fffffffffffffffULL) reach_error();
  if (b != 0 && b != 1) reach_error();
  return 0;
}
