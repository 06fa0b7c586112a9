// VERDICT: false
// ERROR: use-after-free 15
// A buffer released early on one path is read afterwards.
#include <cosmo.h>
#include <stdlib.h>

int main(void) {
  int flag;
  cosmo_symbolic(&flag, sizeof flag, "flag");
  int *data = malloc(4 * sizeof *data);
  for (int i = 0; i < 4; i++)
    data[i] = i + 1;
  if (flag == 0x5a)
    free(data);
  int total = data[0] + data[3];      // BUG: use-after-free
  cosmo_assert(total == 5);
  if (flag != 0x5a)
    free(data);
  return 0;
}
