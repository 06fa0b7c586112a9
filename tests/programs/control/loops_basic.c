// VERDICT: true
// for, while and do-while loops computing the same sum; a do-while body
// runs once even when its condition is false.
#include <cosmo.h>

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 0 && n <= 5);

  int s1 = 0;
  for (int i = 1; i <= n; i++)
    s1 += i;
  int s2 = 0, j = n;
  while (j > 0) {
    s2 += j;
    j--;
  }
  int s3 = 0, k = 0;
  do {
    s3 += k;
    k++;
  } while (k <= n);
  cosmo_assert(s1 == s2 && s2 == s3);
  cosmo_assert(2 * s1 == n * (n + 1));

  int runs = 0;
  do {
    runs++;
  } while (runs > 5);
  cosmo_assert(runs == 1);
  int m = 10;
  while (m > 100)
    m++;
  cosmo_assert(m == 10);
  return 0;
}
