// VERDICT: true
// goto for error cleanup and for a backward loop.
#include <cosmo.h>
#include <stdlib.h>

static int process(int x, int *out) {
  int status = 0;
  int *buf = malloc(4 * sizeof(int));
  if (x < 0) {
    status = -1;
    goto done;
  }
  if (x > 100) {
    status = -2;
    goto done;
  }
  for (int i = 0; i < 4; i++)
    buf[i] = x + i;
  *out = buf[3];
done:
  free(buf);
  return status;
}

int main(void) {
  int x, out = -1;
  cosmo_symbolic(&x, sizeof x, "x");
  int st = process(x, &out);
  if (st == 0) cosmo_assert(out == x + 3);
  else cosmo_assert(out == -1 && (x < 0 || x > 100));

  int i = 0;
again:
  i++;
  if (i < 5)
    goto again;
  cosmo_assert(i == 5);
  return 0;
}
