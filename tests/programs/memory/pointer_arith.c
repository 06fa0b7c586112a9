// VERDICT: true
// Pointer increment, difference, comparison and one-past-the-end.
#include <cosmo.h>

int main(void) {
  int a[6] = {3, 1, 4, 1, 5, 9};
  int *p = a, *end = a + 6;
  int sum = 0;
  while (p != end)
    sum += *p++;
  cosmo_assert(sum == 23);
  cosmo_assert(&a[5] - &a[1] == 4);
  cosmo_assert((char *)&a[1] - (char *)&a[0] == sizeof(int));

  int k;
  cosmo_symbolic(&k, sizeof k, "k");
  cosmo_assume(k >= 0 && k < 6);
  int *q = a + k;
  cosmo_assert(*q == a[k]);
  cosmo_assert(q - a == k);
  cosmo_assert(q[-k] == 3);
  cosmo_assert(q < end && q >= a);

  const char s[] = "pointer";
  const char *t = s;
  while (*t)
    t++;
  cosmo_assert(t - s == 7);
  return 0;
}
