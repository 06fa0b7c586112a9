// An array of records filled up to an input bound (loop-acceleration
// style, with structs), then one field of every record checked: the
// invariant quantifies over that field alone, for all k < i:
// r[k].balance == b.
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
    r[i].balance = b;
    r[i].open = 1;
  }
  for (int j = 0; j < n; j++)
    if (r[j].balance != b)
      reach_error();
  return 0;
}
