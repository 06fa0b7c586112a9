// VERDICT: true
// 2-D arrays: matrix product, row-major walk through a flat pointer,
// and symbolic row/column indices.
#include <cosmo.h>

static const int A[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};

int main(void) {
  int x;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_assume(x >= -1000 && x <= 1000);
  int B[3][3] = {{0}}, C[3][3];
  for (int i = 0; i < 3; i++)
    B[i][i] = x;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      C[i][j] = 0;
      for (int k = 0; k < 3; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
  cosmo_assert(C[2][1] == 8 * x && C[0][2] == 3 * x);

  const int *p = &A[0][0];
  int sum = 0;
  for (int k = 0; k < 9; k++)
    sum += p[k];
  cosmo_assert(sum == 45);

  unsigned r, c;
  cosmo_symbolic(&r, sizeof r, "r");
  cosmo_symbolic(&c, sizeof c, "c");
  if (r < 3 && c < 3)
    cosmo_assert(A[r][c] == (int)(3 * r + c + 1));
  return 0;
}
