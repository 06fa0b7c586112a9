// RUN: --entry=get_or
// VERDICT: true
// Checks the pointer parameter before dereferencing it.
#include <stddef.h>

int get_or(int *p, int dflt) {
  if (p == NULL)
    return dflt;
  *p += 1;
  return *p;
}
