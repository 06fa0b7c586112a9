/* errno: glibc's <errno.h> defines it as (*__errno_location()). One
 * variable per path (cosmo runs one thread), zero at the start. */
#include "internal.h"

static int errnoValue;

int *__errno_location(void) { return &errnoValue; }
