// RUN: --loops=summarize --timeout=10
// VERDICT: unknown
// A copy agrees with its source below n: true, but not proved yet (two
// arrays). One of its Horn questions makes Z3 4.8.12's Spacer crash over
// bit-vectors (a segmentation fault inside the query, which the z3 binary
// shows on the system alone): asked in a child process, the crash makes
// that question unknown and the run goes on to its time limit.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define N 512
int main(void) {
  int a[N], b[N];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > N)
    return 0;
  for (int i = 0; i < n; i++)
    a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++)
    b[i] = a[i];
  int k = __VERIFIER_nondet_int();
  if (k >= 0 && k < n && b[k] != a[k])
    reach_error();
  return 0;
}
