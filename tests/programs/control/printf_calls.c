// VERDICT: true
// printf/puts/putchar are allowed; their output does not affect the verdict.
#include <cosmo.h>
#include <stdio.h>

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  cosmo_assume(n >= 0 && n < 3);
  puts("start");
  for (int i = 0; i < n; i++)
    putchar('*');
  putchar('\n');
  printf("n=%d\n", n);
  printf("%s %c %u\n", "done", 'x', 7u);
  cosmo_assert(n < 3);
  return 0;
}
