// RUN: --check=leak,memcleanup
// VERDICT: false
// ERROR: memcleanup 23
// atexit handlers run at exit() and at main's return, last registered
// first, before the end's checks: the table they free is no leak, but
// _exit() skips them, and leaves it allocated.
#include <cosmo.h>
#include <stdlib.h>
#include <unistd.h>

static int **table;

static void free_table(void) { free(table); }

static void free_row(void) {
  if (table)
    free(*table);
}

int main(void) {
  int n;
  cosmo_symbolic(&n, sizeof n, "n");
  table = malloc(sizeof(int *));
  atexit(free_table);
  *table = malloc(sizeof(int));
  atexit(free_row);
  if (n == 1)
    exit(0);
  if (n == 2)
    _exit(0);
  return 0;
}
