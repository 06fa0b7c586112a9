// VERDICT: true
// Nested loops: a triangular count with a symbolic bound, an in-place
// transpose, and leaving two loops at once with goto.
#include <cosmo.h>

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 1 && n <= 4);

  int count = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if (j < i)
        count++;
  cosmo_assert(2 * count == n * (n - 1));

  int m[3][3];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      m[i][j] = i * 3 + j + n;
  for (int i = 0; i < 3; i++)
    for (int j = i + 1; j < 3; j++) {
      int t = m[i][j];
      m[i][j] = m[j][i];
      m[j][i] = t;
    }
  cosmo_assert(m[0][2] == 6 + n && m[2][0] == 2 + n);

  int fi = -1, fj = -1;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      if (m[i][j] == 5 + n) {
        fi = i;
        fj = j;
        goto found;
      }
found:
  cosmo_assert(fi == 2 && fj == 1);
  return 0;
}
