// VERDICT: true
// A loop with a constant bound fills an array, then one element is read
// at an input index: the read goes through 4,096 byte writes at constant
// offsets (Z3 decided it only over an ite of them, not their store chain).
#include <cosmo.h>

int squares[1024];

int main(void) {
  for (int i = 0; i < 1024; i++)
    squares[i] = i * i;
  int j;
  cosmo_symbolic(&j, sizeof j, "j");
  cosmo_assume(j >= 0 && j < 1024);
  cosmo_assert(squares[j] == j * j);
  return 0;
}
