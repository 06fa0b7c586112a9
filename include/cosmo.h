/* cosmo.h -- cosmo's own annotations for programs under analysis.
 *
 * Under `cosmo check` these are modelled by the engine; under native replay
 * (`cosmo replay`, the test suite's differential check) the replay runtime
 * serves the recorded values, so the same source builds in both worlds. */
#ifndef COSMO_H
#define COSMO_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Makes the `size` bytes at `ptr` symbolic; `name` labels them in test vectors. */
void cosmo_symbolic(void *ptr, size_t size, const char *name);
/* Ends the path unless `cond` holds (an assumption, not a check). */
void cosmo_assume(int cond);
/* Reports an `assert` error when `cond` can be false. */
void cosmo_assert(int cond);

#ifdef __cplusplus
}
#endif

#endif /* COSMO_H */
