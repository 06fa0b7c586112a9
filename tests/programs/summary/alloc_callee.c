// VERDICT: false
// ERROR: assert 52
// STATS: e2e-replay composition.replayed >= 1
// STATS: e2e-summary composition.summaries_composed >= 1
// (--calls=auto explores its callees inline: none is called often enough.)
// Callees that allocate. push returns memory it allocated: a new block at
// every call (its summary names it "new block 0", and each composed call
// allocates one in the caller). checksum allocates a scratch buffer and
// frees it: nothing outlives the call.
#include <cosmo.h>
#include <stdlib.h>

static int sym(const char *name) {
  int v;
  cosmo_symbolic(&v, sizeof v, name);
  return v;
}

struct node {
  int value;
  struct node *next;
};

static struct node *push(struct node *head, int v) {
  struct node *n = malloc(sizeof *n);
  if (!n)
    abort();
  n->value = v;
  n->next = head;
  return n;
}

static int checksum(int a, int b) {
  int *scratch = malloc(2 * sizeof(int));
  if (!scratch)
    return -1;
  scratch[0] = a;
  scratch[1] = b;
  int s = scratch[0] > scratch[1] ? scratch[0] - scratch[1] : scratch[1] - scratch[0];
  free(scratch);
  return s;
}

int main(void) {
  int x = sym("x");
  cosmo_assume(x >= 0 && x < 100);
  struct node *list = push(NULL, x);
  list = push(list, x + 1);
  int d = checksum(list->value, list->next->value);
  cosmo_assert(d == 1 || d == -1);
  int e = checksum(x, 7);
  cosmo_assert(e != 3);   // BUG: assert (x == 4 or x == 10)
  return 0;
}
