// Records filled up to an input bound, then checked; the record at 300
// gets its balance doubled: reachable when n > 300 and b != 0.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 500
struct account {
  int owner;
  long long balance;
  char open;
};
int main(void) {
  struct account r[N];
  int n = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (n < 0 || n > N)
    return 0;
  for (int i = 0; i < n; i++) {
    r[i].owner = -1;
    r[i].balance = i == 300 ? 2LL * b : b;
    r[i].open = 1;
  }
  for (int j = 0; j < n; j++)
    if (r[j].balance != b)
      reach_error();
  return 0;
}
