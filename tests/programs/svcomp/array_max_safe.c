// VERDICT: true
// The maximum of a nondet array bounds every element.
extern int __VERIFIER_nondet_int(void);
void reach_error() { }

#define N 5

int main(void) {
  int a[N];
  for (int i = 0; i < N; i++)
    a[i] = __VERIFIER_nondet_int();
  int max = a[0];
  for (int i = 1; i < N; i++)
    if (a[i] > max)
      max = a[i];
  for (int i = 0; i < N; i++)
    if (a[i] > max)
      reach_error();
  return 0;
}
