// VERDICT: true
// Insertion sort of a symbolic 4-element array is sorted and preserves
// the sum.
#include <klee/klee.h>

static void isort(int *a, int n) {
  for (int i = 1; i < n; i++) {
    int v = a[i], j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

int main(void) {
  int a[4];
  klee_make_symbolic(a, sizeof a, "a");
  unsigned before = (unsigned)a[0] + (unsigned)a[1] + (unsigned)a[2] + (unsigned)a[3];
  isort(a, 4);
  for (int i = 0; i < 3; i++)
    klee_assert(a[i] <= a[i + 1]);
  klee_assert((unsigned)a[0] + (unsigned)a[1] + (unsigned)a[2] + (unsigned)a[3] == before);
  return 0;
}
