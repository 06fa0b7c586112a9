// VERDICT: false
// ERROR: null-deref 16
// An error path returns NULL; a helper two calls down dereferences it.
#include <cosmo.h>
#include <stddef.h>

static int config[4] = {7, 8, 9, 10};

static int *get_slot(int id) {
  if (id < 0 || id >= 4)
    return NULL;
  return &config[id];
}

static void bump(int *slot) {
  *slot += 1;                         // BUG: null-deref
}

static void update(int id) {
  bump(get_slot(id));
}

int main(void) {
  int id;
  cosmo_symbolic(&id, sizeof id, "id");
  cosmo_assume(id >= -1 && id <= 4);
  update(id);
  cosmo_assert(config[0] + config[1] + config[2] + config[3] == 35);
  return 0;
}
