// VERDICT: true
// Pointer <-> integer round trips with a symbolic offset.
#include <cosmo.h>
#include <stdint.h>

int arr[4] = {10, 20, 30, 40};

int main(void) {
  int i;
  cosmo_symbolic(&i, sizeof i, "i");
  cosmo_assume(i >= 0 && i < 3);
  uintptr_t base = (uintptr_t)&arr[0];
  uintptr_t addr = base + (uintptr_t)i * sizeof(int);
  int *p = (int *)addr;
  cosmo_assert(*p == 10 * (i + 1));
  int *q = (int *)(addr + sizeof(int));
  cosmo_assert(*q - *p == 10);
  cosmo_assert((uintptr_t)q - (uintptr_t)p == sizeof(int));
  cosmo_assert(q - arr == i + 1);
  void *vp = p;
  cosmo_assert((int *)vp == &arr[i]);
  cosmo_assert((uintptr_t)(void *)0 == 0);
  return 0;
}
