// VERDICT: true
// Function pointers stored in struct fields, and a callback parameter.
#include <cosmo.h>

struct shape {
  int kind, w, h;
  int (*area)(const struct shape *);
};

static int rect_area(const struct shape *s) { return s->w * s->h; }
static int tri_area(const struct shape *s) { return s->w * s->h / 2; }
static int square_area(const struct shape *s) { return s->w * s->w; }

static void for_each(int *arr, int n, void (*f)(int *)) {
  for (int i = 0; i < n; i++)
    f(&arr[i]);
}
static void twice(int *p) { *p *= 2; }

int main(void) {
  int kind, w, h;
  cosmo_symbolic(&kind, sizeof kind, "kind");
  cosmo_symbolic(&w, sizeof w, "w");
  cosmo_symbolic(&h, sizeof h, "h");
  cosmo_assume(kind >= 0 && kind <= 2);
  cosmo_assume(w >= 0 && w <= 100 && h >= 0 && h <= 100);
  struct shape s = {kind, w, h, 0};
  s.area = kind == 0 ? rect_area : kind == 1 ? tri_area : square_area;
  int a = s.area(&s);
  cosmo_assert(a >= 0 && a <= 10000);
  if (kind == 0) cosmo_assert(a == w * h);
  if (kind == 2) cosmo_assert(a == w * w);

  int arr[3] = {1, 2, w};
  for_each(arr, 3, twice);
  cosmo_assert(arr[0] == 2 && arr[1] == 4 && arr[2] == 2 * w);
  return 0;
}
