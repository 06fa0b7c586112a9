// VERDICT: true
// Stack arrays: initialisation, in-place reverse, partial initialisers,
// a write at a checked symbolic index.
#include <cosmo.h>

int main(void) {
  int a[8];
  for (int i = 0; i < 8; i++)
    a[i] = i * i;
  for (int i = 0, j = 7; i < j; i++, j--) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
  cosmo_assert(a[0] == 49 && a[7] == 0);
  int sum = 0;
  for (int i = 0; i < 8; i++)
    sum += a[i];
  cosmo_assert(sum == 140);

  int k;
  cosmo_symbolic(&k, sizeof k, "k");
  if (k >= 0 && k < 8) {
    a[k] = -1;
    cosmo_assert(a[k] == -1);
    cosmo_assert(a[7 - k] == -1 || a[7 - k] == k * k);
  }

  char s[6] = "hello";
  cosmo_assert(s[5] == '\0');
  short sh[3] = {1};
  cosmo_assert(sh[0] == 1 && sh[1] == 0 && sh[2] == 0);
  return 0;
}
