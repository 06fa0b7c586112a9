// RUN: --entry=doubled_length
// VERDICT: unknown
// libc's strlen on a shaped string stops at its NUL: nothing is read past
// the string's end.
#include <string.h>
unsigned long doubled_length(const char *s) { return 2 * strlen(s); }
