// VERDICT: false
// ERROR: double-free 10
// A shallow struct copy shares a heap pointer; both copies are destroyed.
#include <cosmo.h>
#include <stdlib.h>

struct vec { int *data; int len; };

static void destroy(struct vec *v) {
  free(v->data);                      // BUG: double-free
  v->data = NULL;
}

int main(void) {
  int deep;
  cosmo_symbolic(&deep, sizeof deep, "deep");
  struct vec a = {malloc(3 * sizeof(int)), 3};
  struct vec b = a;
  if (deep) {
    b.data = malloc(3 * sizeof(int));
  }
  destroy(&a);
  destroy(&b);
  return 0;
}
