// Issue 19: 134 million concrete iterations, then an assertion on the
// result (it holds). Measures the interpreter's concrete speed.
#include <assert.h>
int main(void) {
  unsigned x = 0;
  while (x < 0x0fffffff)
    x += 2;
  assert(x == 0x10000000);
  return 0;
}
