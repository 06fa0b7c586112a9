// VERDICT: false
// ERROR: use-after-free 22
// A callee frees its argument when it decides the request is invalid;
// the caller keeps writing to it.
#include <cosmo.h>
#include <stdlib.h>

struct req { int id; int status; };

static int validate(struct req *r) {
  if (r->id < 0) {
    free(r);
    return 0;
  }
  return 1;
}

int main(void) {
  struct req *r = malloc(sizeof *r);
  cosmo_symbolic(&r->id, sizeof r->id, "id");
  int ok = validate(r);
  r->status = ok;                     // BUG: use-after-free
  cosmo_assert(r->status == 1);
  free(r);
  return 0;
}
