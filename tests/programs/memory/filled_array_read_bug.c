// VERDICT: false
// ERROR: assert 16
// As filled_array_read.c, but one element is written twice: only its
// index breaks the assertion.
#include <cosmo.h>

int squares[1024];

int main(void) {
  for (int i = 0; i < 1024; i++)
    squares[i] = i * i;
  squares[777] = 5;
  int j;
  cosmo_symbolic(&j, sizeof j, "j");
  cosmo_assume(j >= 0 && j < 1024);
  cosmo_assert(squares[j] == j * j); // BUG: assert
  return 0;
}
