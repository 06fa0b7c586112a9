// VERDICT: false
// ERROR: invalid-free 19
// A buffer that is either a global default or heap memory is always freed.
#include <cosmo.h>
#include <stdlib.h>
#include <string.h>

static char default_name[8] = "anon";

static char *pick_name(int custom) {
  if (!custom)
    return default_name;
  char *s = malloc(8);
  strcpy(s, "custom");
  return s;
}

static void drop(char *s) {
  free(s);                            // BUG: invalid-free
}

int main(void) {
  int custom;
  cosmo_symbolic(&custom, sizeof custom, "custom");
  char *name = pick_name(custom);
  cosmo_assert(name[0] == 'a' || name[0] == 'c');
  drop(name);
  return 0;
}
