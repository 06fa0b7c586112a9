// RUN: --inputs=any --entry=second
// VERDICT: false
// ERROR: out-of-bounds 10
// An input pointer points to a single element, so p[1] is out of bounds.
#include <stddef.h>

int second(int *p) {
  if (p == NULL)
    return 0;
  return p[1];                        // BUG: out-of-bounds
}
