// VERDICT: true
// Nested structs, arrays of structs inside structs, pointers to members.
#include <cosmo.h>

struct point { int x, y; };
struct rect { struct point tl, br; };
struct scene { int n; struct rect rects[3]; };

static int area(const struct rect *r) {
  return (r->br.x - r->tl.x) * (r->br.y - r->tl.y);
}

static void add_rect(struct scene *s, int w, int h) {
  struct rect *r = &s->rects[s->n++];
  r->tl.x = s->n;
  r->tl.y = 0;
  r->br.x = r->tl.x + w;
  r->br.y = h;
}

int main(void) {
  int w, h;
  cosmo_symbolic(&w, sizeof w, "w");
  cosmo_symbolic(&h, sizeof h, "h");
  cosmo_assume(w >= 0 && w <= 50 && h >= 0 && h <= 50);
  struct scene s = {0};
  add_rect(&s, w, h);
  add_rect(&s, h, w);
  cosmo_assert(s.n == 2);
  cosmo_assert(area(&s.rects[0]) == area(&s.rects[1]));
  int *py = &s.rects[1].br.y;
  *py += 1;
  cosmo_assert(area(&s.rects[1]) == h * (w + 1));
  struct point *pt = &s.rects[0].br;
  cosmo_assert(pt->x == 1 + w && s.rects[2].tl.x == 0);
  return 0;
}
