// VERDICT: true
// Struct assignment copies, pass-by-value and return-by-value.
#include <cosmo.h>
#include <string.h>

struct vec { int x, y, z; };
struct big { int data[8]; char name[8]; };

static struct vec vadd(struct vec a, struct vec b) {
  struct vec r = {a.x + b.x, a.y + b.y, a.z + b.z};
  a.x = 0;
  return r;
}

static struct big make_big(int seed) {
  struct big b;
  for (int i = 0; i < 8; i++)
    b.data[i] = seed + i;
  memcpy(b.name, "big", 4);
  return b;
}

int main(void) {
  int x;
  cosmo_symbolic(&x, sizeof x, "x");
  cosmo_assume(x >= -1000 && x <= 1000);
  struct vec a = {x, 1, 2};
  struct vec b = a;
  b.x = 5;
  cosmo_assert(a.x == x);
  struct vec c = vadd(a, b);
  cosmo_assert(a.x == x && c.x == x + 5 && c.y == 2 && c.z == 4);

  struct big g = make_big(x);
  struct big h = g;
  h.data[0] = 0;
  cosmo_assert(g.data[0] == x && h.data[7] == x + 7);
  cosmo_assert(strcmp(h.name, "big") == 0);
  return 0;
}
