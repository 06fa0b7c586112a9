// VERDICT: true
// A matrix as an array of row pointers, each row from calloc.
#include <cosmo.h>
#include <stdlib.h>

int main(void) {
  int rows;
  cosmo_symbolic(&rows, sizeof rows, "rows");
  cosmo_assume(rows >= 1 && rows <= 3);
  const int cols = 3;
  int **m = calloc(rows, sizeof *m);
  for (int r = 0; r < rows; r++)
    m[r] = calloc(cols, sizeof **m);
  cosmo_assert(m[rows - 1][cols - 1] == 0);
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
      m[r][c] = r * cols + c;
  cosmo_assert(m[rows - 1][2] == 3 * rows - 1);
  for (int r = 0; r < rows; r++)
    free(m[r]);
  free(m);
  return 0;
}
